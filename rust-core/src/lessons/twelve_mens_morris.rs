//! The Twelve Men's Morris course (RULES.md §5). The learner plays White (P1).

use crate::outcome::WinReason;
use crate::rules::{Side, Variant};

use super::data::{Goal, LessonData, Text, WrongAnswer};

/// The lessons of Twelve Men's Morris, in course order.
pub static LESSONS: &[LessonData] = &[
    LessonData {
        id: "twelve-mens-morris-diagonals",
        variant: Variant::TwelveMensMorris,
        learner: Side::P1,
        title: Text {
            en: "The diagonals",
            zh: "斜线",
            zh_hant: "斜線",
        },
        text: Text {
            en: "Four diagonals join the corners of the squares. They are lines like any \
                 other: three of your pieces on one make a mill, and a mill removes one \
                 opponent piece.",
            zh: "四条斜线把三个正方形的角连起来。斜线和别的线一样：三枚己方棋子占满一条斜线\
                 就成「直」，成「直」就吃掉对方一枚子。",
            zh_hant: "四條斜線把三個正方形的角連起來。斜線和別的線一樣：\
                      三顆己方棋子佔滿一條斜線就成「直」，成「直」就吃掉對方一顆子。",
        },
        goal_text: Text {
            en: "Make a mill on a diagonal and capture a black piece.",
            zh: "在斜线上连成「直」，吃掉一枚黑子。",
            zh_hant: "在斜線上連成「直」，吃掉一顆黑子。",
        },
        goal: Goal::Captures(1),
        start: "a7 d1 b6 g1",
        solutions: &[&["c5 x*"]],
        hint: Text {
            en: "a7 and b6 lie on the diagonal to the inner square.",
            zh: "a7 和 b6 在通往内圈的斜线上。",
            zh_hant: "a7 和 b6 在通往內圈的斜線上。",
        },
        wrong: &[WrongAnswer {
            actions: &["a1"],
            why: Text {
                en: "Blocking a1 is careful, but the diagonal a7–b6–c5 makes a mill now, and \
                     its capture breaks Black's line too.",
                zh: "挡 a1 很稳，但斜线 a7–b6–c5 现在就能成「直」，吃掉一子，黑方的线也断了。",
                zh_hant: "擋 a1 很穩，但斜線 a7–b6–c5 現在就能成「直」，吃掉一子，\
                          黑方的線也斷了。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "A diagonal mill: it captures like any other.",
            zh: "斜线成「直」，和别的线一样吃子。",
            zh_hant: "斜線成「直」，和別的線一樣吃子。",
        },
    },
    LessonData {
        id: "twelve-mens-morris-mill-protection",
        variant: Variant::TwelveMensMorris,
        learner: Side::P1,
        title: Text {
            en: "Capture and mill protection",
            zh: "吃子与「直」的保护",
            zh_hant: "吃子與「直」的保護",
        },
        text: Text {
            en: "A mill removes one opponent piece that is not in a mill. Only when every \
                 opponent piece on the board stands in a mill may you take any of them.",
            zh: "成「直」吃掉对方一枚不在「直」里的子；只有对方盘上所有棋子都在「直」里时，才可以\
                 任意吃。",
            zh_hant: "成「直」吃掉對方一顆不在「直」裡的子；只有對方盤上所有棋子都在「直」裡時，\
                      才可以任意吃。",
        },
        goal_text: Text {
            en: "Make a mill and capture the black piece that is not in a mill.",
            zh: "连成「直」，吃掉不在「直」里的那枚黑子。",
            zh_hant: "連成「直」，吃掉不在「直」裡的那顆黑子。",
        },
        goal: Goal::Captures(1),
        start: "b2 d7 d2 a7 c5 g7 xc5 e3 e4",
        solutions: &[&["f2 xe4"]],
        hint: Text {
            en: "Black's a7, d7 and g7 form a mill; e4 stands alone.",
            zh: "黑方 a7、d7、g7 成「直」；e4 是散子。",
            zh_hant: "黑方 a7、d7、g7 成「直」；e4 是散子。",
        },
        wrong: &[WrongAnswer {
            actions: &["f2 xa7", "f2 xd7", "f2 xg7"],
            why: Text {
                en: "That piece is protected: it stands in a mill. Capture the one that does \
                     not.",
                zh: "那枚子受保护：它在「直」里。去吃不在「直」里的那一枚。",
                zh_hant: "那顆子受保護：它在「直」裡。去吃不在「直」裡的那一顆。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Right: mills protect their pieces while a free piece is left.",
            zh: "对：只要还有散子，「直」里的子就受保护。",
            zh_hant: "對：只要還有散子，「直」裡的子就受保護。",
        },
    },
    LessonData {
        id: "twelve-mens-morris-one-capture",
        variant: Variant::TwelveMensMorris,
        learner: Side::P1,
        title: Text {
            en: "Two mills, one capture",
            zh: "两条「直」，只吃一子",
            zh_hant: "兩條「直」，只吃一子",
        },
        text: Text {
            en: "A placement or a step that completes two or three lines at once still removes \
                 exactly one opponent piece.",
            zh: "放子或走子一次连成两条或三条「直」，也只吃对方一枚子。",
            zh_hant: "放子或走子一次連成兩條或三條「直」，也只吃對方一顆子。",
        },
        goal_text: Text {
            en: "Complete two mills with one placement, and capture.",
            zh: "只放一枚子连成两条「直」，然后吃子。",
            zh_hant: "只放一顆子連成兩條「直」，然後吃子。",
        },
        goal: Goal::Captures(1),
        start: "d7 e4 g7 e3 a4 c3 a1 f4",
        solutions: &[&["a7 x*"]],
        hint: Text {
            en: "One corner finishes both the top side and the left side.",
            zh: "有一个角能同时补上上边和左边。",
            zh_hant: "有一個角能同時補上上邊和左邊。",
        },
        wrong: &[WrongAnswer {
            actions: &["g4", "d3"],
            why: Text {
                en: "Blocking Black helps, but you can capture now: one corner completes two \
                     of your lines.",
                zh: "挡住黑方有用，但你现在就能吃子：有一个角能补成你的两条线。",
                zh_hant: "擋住黑方有用，但你現在就能吃子：有一個角能補成你的兩條線。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Two mills, one capture — however many lines a move completes.",
            zh: "两条「直」，只吃一子——一步连成几条都一样。",
            zh_hant: "兩條「直」，只吃一子——一步連成幾條都一樣。",
        },
    },
    LessonData {
        id: "twelve-mens-morris-blockade",
        variant: Variant::TwelveMensMorris,
        learner: Side::P1,
        title: Text {
            en: "A blockade wins",
            zh: "困死对方获胜",
            zh_hant: "困死對方獲勝",
        },
        text: Text {
            en: "If it's your turn in the movement phase and none of your pieces can move, you \
                 lose. Black's only piece that can still move is on b2.",
            zh: "走子阶段轮到自己却一枚棋子都动不了，就判负。黑方现在只有 b2 那枚子还能动。",
            zh_hant: "走子階段輪到自己卻一顆棋子都動不了，就判負。黑方現在只有 b2 那顆子還能動。",
        },
        goal_text: Text {
            en: "Take away Black's last move.",
            zh: "堵住黑方最后一步棋。",
            zh_hant: "堵住黑方最後一步棋。",
        },
        goal: Goal::Win(WinReason::Blocked),
        start: "e4 c5 e5 c3 a1 d5 d2 b4 d1 d7 f6 b6 g7 xc3 g4 f2 b2 xe4 f4 xg4 d3 a4 c4 a7 xd3 \
                d6 xd2 d3 c3 xd1",
        solutions: &[&["f2-d2"]],
        hint: Text {
            en: "b2 can only step to d2.",
            zh: "b2 只能走到 d2。",
            zh_hant: "b2 只能走到 d2。",
        },
        wrong: &[WrongAnswer {
            actions: &["d3-d2"],
            why: Text {
                en: "That fills d2 but empties d3, and c3 steps into it. Fill d2 from the other \
                     side.",
                zh: "这样 d2 满了，d3 却空了，c3 会走进去。从另一边走进 d2。",
                zh_hant: "這樣 d2 滿了，d3 卻空了，c3 會走進去。從另一邊走進 d2。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Black has no move left: Black loses.",
            zh: "黑方无子可动：黑方判负。",
            zh_hant: "黑方無子可動：黑方判負。",
        },
    },
    LessonData {
        id: "twelve-mens-morris-two-pieces",
        variant: Variant::TwelveMensMorris,
        learner: Side::P1,
        title: Text {
            en: "Two pieces lose",
            zh: "只剩两子判负",
            zh_hant: "只剩兩子判負",
        },
        text: Text {
            en: "A side whose pieces, on the board and in hand together, fall to two loses at \
                 once: two pieces can never make a mill. Black has three left.",
            zh: "一方盘上和手里的棋子加起来只剩两枚时立即判负：两枚子再也成不了「直」。黑方还剩\
                 三枚。",
            zh_hant: "一方盤上和手裡的棋子加起來只剩兩顆時立即判負：兩顆子再也成不了「直」。\
                      黑方還剩三顆。",
        },
        goal_text: Text {
            en: "Make a mill and bring Black down to two pieces.",
            zh: "连成「直」，把黑方吃到只剩两子。",
            zh_hant: "連成「直」，把黑方吃到只剩兩子。",
        },
        goal: Goal::Win(WinReason::ReducedToTwo),
        start: TWO_PIECES_START,
        solutions: &[&["c5-b6 x*"]],
        hint: Text {
            en: "b2 and b4 wait on the line b2–b4–b6.",
            zh: "b2 和 b4 就在 b2–b4–b6 这条线上。",
            zh_hant: "b2 和 b4 就在 b2–b4–b6 這條線上。",
        },
        wrong: &[WrongAnswer {
            actions: &["b4-b6"],
            why: Text {
                en: "That empties b4: the line b2–b4–b6 needs all three. Step into b6 from c5.",
                zh: "这样 b4 就空了：b2–b4–b6 三个点都要占满。从 c5 走进 b6。",
                zh_hant: "這樣 b4 就空了：b2–b4–b6 三個點都要佔滿。從 c5 走進 b6。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Black is down to two pieces: you win.",
            zh: "黑方只剩两子：你赢了。",
            zh_hant: "黑方只剩兩子：你贏了。",
        },
    },
    LessonData {
        id: "twelve-mens-morris-shuttle",
        variant: Variant::TwelveMensMorris,
        learner: Side::P1,
        title: Text {
            en: "The double-mill shuttle",
            zh: "来回成「直」",
            zh_hant: "來回成「直」",
        },
        text: Text {
            en: "Your d2 stands in the mill d1–d2–d3, and f6 and f4 wait for a third piece on f2. \
                 A piece that shuttles between two mills makes one with every step: each step \
                 out of one mill closes the other, and each captures.",
            zh: "你的 d2 在 d1–d2–d3 这条「直」里，f6 和 f4 正等着 f2 上的第三枚子。一枚子在两条\
                 「直」之间来回走，每走一步就成一条「直」：走出这一条就补成那一条，步步吃子。",
            zh_hant: "你的 d2 在 d1–d2–d3 這條「直」裡，f6 和 f4 正等著 f2 上的第三顆子。\
                      一顆子在兩條「直」之間來回走，每走一步就成一條「直」：\
                      走出這一條就補成那一條，步步吃子。",
        },
        goal_text: Text {
            en: "Capture twice with one piece, shuttling between two mills.",
            zh: "用同一枚子在两条「直」之间来回走，吃两次子。",
            zh_hant: "用同一顆子在兩條「直」之間來回走，吃兩次子。",
        },
        goal: Goal::Captures(2),
        start: SHUTTLE_START,
        solutions: &[&["d2-f2 xb2", "a4-a7", "f2-d2 x*"]],
        hint: Text {
            en: "Step d2 to f2, and take the black piece that could step into d2.",
            zh: "把 d2 走到 f2，再吃掉那枚能走进 d2 的黑子。",
            zh_hant: "把 d2 走到 f2，再吃掉那顆能走進 d2 的黑子。",
        },
        wrong: &[WrongAnswer {
            actions: &[
                "d2-f2 xa4",
                "d2-f2 xb4",
                "d2-f2 xc5",
                "d2-f2 xd5",
                "d2-f2 xe4",
                "d2-f2 xe3",
            ],
            why: Text {
                en: "A good mill, but take b2: it could step into d2 and block your way back.",
                zh: "成「直」没错，但要吃 b2：它能走进 d2，堵住你回去的路。",
                zh_hant: "成「直」沒錯，但要吃 b2：它能走進 d2，堵住你回去的路。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Out of one mill and into the other: two steps, two captures.",
            zh: "走出一条「直」又成另一条：两步，吃两子。",
            zh_hant: "走出一條「直」又成另一條：兩步，吃兩子。",
        },
    },
    LessonData {
        id: "twelve-mens-morris-timer",
        variant: Variant::TwelveMensMorris,
        learner: Side::P1,
        title: Text {
            en: "The turn timer",
            zh: "每步限时",
            zh_hant: "每步限時",
        },
        text: Text {
            en: "Each turn has a time limit (60 seconds by default). When it runs out the turn \
                 passes to the other side, and what was done stands: a capture still owed is \
                 lost.",
            zh: "每步都有时间限制（默认 60 秒）。时间到了就自动换对方走，已经做完的照样算：还没吃\
                 的子作废。",
            zh_hant: "每步都有時間限制（預設 60 秒）。時間到了就自動換對方走，已經做完的照樣算：\
                      還沒吃的子作廢。",
        },
        goal_text: Text {
            en: "Make a mill, then let the time run out (10 seconds) before you capture.",
            zh: "连成「直」，然后先别吃子，等时间用完（10 秒）。",
            zh_hant: "連成「直」，然後先別吃子，等時間用完（10 秒）。",
        },
        goal: Goal::TimeOut,
        start: "a7 d1 b6 g1",
        solutions: &[&["c5 pass"]],
        hint: Text {
            en: "Complete the diagonal a7–b6–c5, then wait.",
            zh: "补上斜线 a7–b6–c5，然后等着。",
            zh_hant: "補上斜線 a7–b6–c5，然後等著。",
        },
        wrong: &[WrongAnswer {
            actions: &["c5 xd1", "c5 xg1"],
            why: Text {
                en: "In a game that capture is right; here, wait and watch what the timer does.",
                zh: "对局里该吃这一子；这里先别吃，看看时间用完会怎样。",
                zh_hant: "對局裡該吃這一子；這裡先別吃，看看時間用完會怎麼樣。",
            },
        }],
        timer_seconds: Some(10),
        solved_text: Text {
            en: "Time ran out: the capture you were owed is lost, and Black is to move.",
            zh: "时间到了：该吃的子作废了，轮到黑方。",
            zh_hant: "時間到了：該吃的子作廢了，輪到黑方。",
        },
    },
];

/// A game between two computer levels, stopped before White's winning turn.
const TWO_PIECES_START: &str = "g7 d6 d1 f2 d7 f6 g1 c5 g4 xc5 b4 b2 c4 d3 b6 xd7 d7 e5 e4 \
                                f4 xd7 c5 a4 xd1 d2 e3 a7 a1 c5-d5 d6-d7 g1-d1 xd7 f2-g1 \
                                d2-f2 c4-c3 d1-d2 xf4 f6-d6 g7-f6 d6-d7 e4-f4 xc3 b6-c5 \
                                f6-d6 e5-e4 g4-g7 a1-d1 d6-f6 xa4 c5-b6 f6-e5 b4-c4 b2-b4 \
                                b6-c5 d2-b2 c4-c3 a7-b6 xc5 d7-a7 g7-f6 xe4 c3-c4 b6-c5 xa7 \
                                e3-e4 d3-d2 xc4 g1-g4";

/// Random placements that leave White a piece able to shuttle between two mills.
const SHUTTLE_START: &str = "a7 b4 d6 d3 f6 e3 f4 e4 b6 xd3 a4 d7 g4 d2 f2 c3 g7 d1 c5 a1 b2 \
                             d3 xf2 d5 c4 g1 xa7";
