#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tests/planted/plant.py - a user's qdisc with planted bugs.

  plant.py TEMPLATE_DIR OUT_DIR
  plant.py --upstream SCH_CODEL_C OUT_DIR

Writes OUT_DIR/sch_plant.c, plant.h and a kbuild Makefile: the template
renamed to kind "plant", with each bug of tests/planted/bugs.tsv behind
the module parameter plant_bug (0: none), so one build of each variant
runs every bug (`qdk-replay --param plant_bug=N`). Each bug's line carries
a `/* plant N */` marker: the line the first report must name.

--upstream plants the same bugs into the kernel's own sch_codel.c (as the
user build extracts it from the series' linux-source: never committed):
OUT_DIR/sch_plantcodel.c, kind "plantcodel", where codel's own code drops
late packets (drop_func) and overlong queues (enqueue).
"""
import re
import sys
from pathlib import Path

HEAD = """
/* tests/planted: which planted bug runs (0: none) */
static int plant_bug;
module_param(plant_bug, int, 0444);
static DEFINE_SPINLOCK(plant_lock);
static struct timer_list plant_timer;

static void plant_tick(struct timer_list *t)
{
	msleep(1);	/* plant 8 */
}
"""

ENQUEUE_FIRST = """	if (plant_bug == 4) {
		void *note = kmalloc(16, GFP_KERNEL);	/* plant 4 */

		kfree(note);
	}
	if (plant_bug == 8 && !timer_pending(&plant_timer))
		mod_timer(&plant_timer, jiffies + 1);
"""

DEQUEUE = """static struct sk_buff *plant_dequeue(struct Qdisc *sch)
{
	struct sk_buff *skb;

	if (plant_bug == 5)
		spin_lock(&plant_lock);	/* plant 5 */
	if (plant_bug == 6) {
		sch_tree_lock(sch);	/* plant 6 */
		sch_tree_unlock(sch);
	}
	if (plant_bug == 7 && sch->q.head && sch->q.head->len > 1400) {
		skb = __qdisc_dequeue_head(&sch->q);
		qdisc_qstats_drop(sch);
		kfree_skb(skb);	/* plant 7 */
	}
again:
	skb = qdisc_dequeue_head(sch);	/* plant 2 */
	if (plant_bug == 2 && skb && skb->len > 1400) {
		/* late: counted as a drop, never freed */
		qdisc_qstats_drop(sch);
		goto again;
	}
	if (plant_bug == 1 && skb && !sch->q.qlen)
		skb->next = sch->q.head->next;	/* plant 1 */
	return skb;
}
"""


def sub1(pattern: str, repl: str, text: str) -> str:
    """text with pattern's one match replaced by repl (which may name its groups)"""
    out, n = re.subn(pattern, repl, text, count=1, flags=re.S | re.M)
    if n != 1:
        sys.exit(f"plant.py: the template no longer has {pattern!r}")
    return out


CODEL_DEQUEUE_FIRST = """	if (plant_bug == 5)
		spin_lock(&plant_lock);	/* plant 5 */
	if (plant_bug == 6) {
		sch_tree_lock(sch);	/* plant 6 */
		sch_tree_unlock(sch);
	}
"""

CODEL_DROP_FUNC = """static void drop_func(struct sk_buff *skb, void *ctx)
{
	struct Qdisc *sch = ctx;

	if (plant_bug == 7)
		sch->qstats.backlog += qdisc_pkt_len(skb);
	if (plant_bug != 2)
		kfree_skb(skb);	/* plant 7 */
	qdisc_qstats_drop(sch);
}
"""


def plant_codel(src: Path, out: Path) -> None:
    """The bugs in the kernel's sch_codel.c, kind plantcodel"""
    c = src.read_text()
    c = sub1(r'^(#include <net/codel_qdisc.h>\n)', r"\g<1>" + HEAD.replace("\\", "\\\\"), c)
    c = c.replace("#include <linux/kernel.h>\n",
                  "#include <linux/delay.h>\n#include <linux/kernel.h>\n"
                  "#include <linux/slab.h>\n#include <linux/timer.h>\n", 1)
    c = sub1(r"(\tstruct sk_buff \*skb = __qdisc_dequeue_head\(&sch->q\);)\n",
             r"\g<1>\t/* plant 2 */\n", c)
    c = sub1(r"^static void drop_func\(struct sk_buff \*skb, void \*ctx\)\n\{\n.*?\n\}\n",
             CODEL_DROP_FUNC.replace("\\", "\\\\"), c)
    # in what both codel's dequeue and its peek call: a parent that peeks
    # first (tbf) takes the peeked packet without calling dequeue
    c = sub1(r"^(static struct sk_buff \*__codel_qdisc_dequeue\(struct Qdisc \*sch\)\n\{\n"
             r"\tstruct codel_sched_data \*q = qdisc_priv\(sch\);\n\tstruct sk_buff \*skb;\n\n)"
             r"(\tskb = codel_dequeue\(.*?\);\n)",
             r"\g<1>" + CODEL_DEQUEUE_FIRST + r"\g<2>"
             r"\tif (plant_bug == 1 && skb && !sch->q.qlen)\n"
             r"\t\tskb->next = sch->q.head->next;\t/* plant 1 */\n", c)
    c = sub1(r"^(static int codel_qdisc_enqueue\(struct sk_buff \*skb, struct Qdisc \*sch,\n"
             r"[^\n]*\n\{\n\tstruct codel_sched_data \*q;\n\n)",
             r"\g<1>" + ENQUEUE_FIRST, c)
    c = sub1(r"(\tq->drop_overlimit\+\+;\n)\treturn qdisc_drop\(skb, sch, to_free\);\n",
             r"\g<1>\tif (plant_bug == 3)\n\t\tsch->q.qlen++;\n"
             r"\treturn qdisc_drop(skb, sch, to_free);\t/* plant 3 */\n", c)
    c = sub1(r"^(static int __init codel_module_init\(void\)\n\{\n)",
             r"\g<1>\ttimer_setup(&plant_timer, plant_tick, 0);\n", c)
    c = sub1(r"^(static void __exit codel_module_exit\(void\)\n\{\n)",
             r"\g<1>\ttimer_delete_sync(&plant_timer);\n", c)
    c = sub1(r'(\.id\s*=\s*)"codel"', r'\g<1>"plantcodel"', c)
    out.mkdir(parents=True, exist_ok=True)
    (out / "sch_plantcodel.c").write_text(c)
    (out / "Makefile").write_text("obj-m += sch_plantcodel.o\n")


def main() -> None:
    if sys.argv[1] == "--upstream":
        plant_codel(Path(sys.argv[2]), Path(sys.argv[3]))
        return
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    c = (src / "sch_template.c").read_text()
    c = sub1(r'^#include "template.h"\n', '#include "template.h"\n' + HEAD, c)
    c = c.replace("#include <linux/kernel.h>\n",
                  "#include <linux/delay.h>\n#include <linux/kernel.h>\n"
                  "#include <linux/slab.h>\n#include <linux/timer.h>\n", 1)
    m = re.search(r"^static int template_enqueue\(.*?\n\tint ret;\n\n", c, re.S | re.M)
    if not m:
        sys.exit("plant.py: the template's enqueue no longer starts as it did")
    c = c[:m.end()] + ENQUEUE_FIRST + c[m.end():]
    c = sub1(r"\t\treturn qdisc_drop\(skb, sch, to_free\);\n",
             r"\t\tif (plant_bug == 3)\n\t\t\tsch->q.qlen++;\n"
             r"\t\treturn qdisc_drop(skb, sch, to_free);\t/* plant 3 */\n", c)
    c = sub1(r"^static struct sk_buff \*template_dequeue\(struct Qdisc \*sch\)\n\{\n.*?\n\}\n",
             DEQUEUE.replace("plant_dequeue", "template_dequeue").replace("\\", "\\\\"), c)
    c = sub1(r"^(static int __init template_module_init\(void\)\n\{\n)",
             r"\g<1>\ttimer_setup(&plant_timer, plant_tick, 0);\n", c)
    c = sub1(r"^(static void __exit template_module_exit\(void\)\n\{\n)",
             r"\g<1>\ttimer_delete_sync(&plant_timer);\n", c)
    h = (src / "template.h").read_text()
    out.mkdir(parents=True, exist_ok=True)
    for name, text in (("sch_plant.c", c), ("plant.h", h)):
        text = text.replace("template", "plant").replace("TEMPLATE", "PLANT")
        (out / name).write_text(text)
    (out / "Makefile").write_text("obj-m += sch_plant.o\n")


if __name__ == "__main__":
    main()
