//! The Zhi Qi course (RULES.md §3). The learner plays White (P1) unless a lesson says Black.

use crate::outcome::WinReason;
use crate::rules::{Side, Variant};

use super::data::{Goal, LessonData, Text, WrongAnswer};

/// The lessons of Zhi Qi, in course order.
pub static LESSONS: &[LessonData] = &[
    LessonData {
        id: "zhiqi-pin",
        variant: Variant::ZhiQi,
        learner: Side::P1,
        title: Text {
            en: "Mills while placing: the pin",
            zh: "布子成「直」：押子",
            zh_hant: "佈子成「直」：押子",
        },
        text: Text {
            en: "While placing, three of your pieces in a line make a mill, and a mill pins: \
                 one opponent piece leaves the board and one of yours takes its point. The \
                 pinning piece doesn't come from your hand.",
            zh: "布子阶段，三枚己方棋子连成一条线就成「直」，成「直」就押子：拿掉对方一枚棋子，\
                 再用自己的一枚棋子占住那个点。押上去的子不从手里出。",
            zh_hant: "佈子階段，三顆己方棋子連成一條線就成「直」，成「直」就押子：\
                      拿掉對方一顆棋子，再用自己的一顆棋子佔住那個點。押上去的子不從手裡出。",
        },
        goal_text: Text {
            en: "Complete a line, then pin a black piece.",
            zh: "连成一条「直」，然后押掉一枚黑子。",
            zh_hant: "連成一條「直」，然後押掉一顆黑子。",
        },
        goal: Goal::Pins(1),
        start: "a7 e4 d7 e3",
        solutions: &[&["g7 x*"]],
        hint: Text {
            en: "Your pieces on a7 and d7 need a third on the same line.",
            zh: "a7 和 d7 上的两枚子，还差同一条线上的第三枚。",
            zh_hant: "a7 和 d7 上的兩顆子，還差同一條線上的第三顆。",
        },
        wrong: &[WrongAnswer {
            actions: &["e5"],
            why: Text {
                en: "Blocking e5 is careful, but a mill does more: complete a7–d7, and your \
                     pin can take e4 or e3 and break Black's line anyway.",
                zh: "挡住 e5 很稳，但成「直」更好：补上 a7–d7 这条线，押掉 e4 或 e3，\
                     黑方的线也就断了。",
                zh_hant: "擋住 e5 很穩，但成「直」更好：補上 a7–d7 這條線，押掉 e4 或 e3，\
                          黑方的線也就斷了。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "A pin: the point changed colour, and both hands are as they were.",
            zh: "押子成功：那个点换成了你的颜色，双方手里的子都没变。",
            zh_hant: "押子成功：那個點換成了你的顏色，雙方手裡的子都沒變。",
        },
    },
    LessonData {
        id: "zhiqi-double-pin",
        variant: Variant::ZhiQi,
        learner: Side::P1,
        title: Text {
            en: "Two lines at once: a double pin",
            zh: "一子成两「直」：连押两子",
            zh_hant: "一子成兩「直」：連押兩子",
        },
        text: Text {
            en: "A placement that completes two lines pins twice, one pin after the other; \
                 three lines pin three times. A corner sits on two sides of a square, so it \
                 can complete both.",
            zh: "一步同时连成两条「直」，就依次押两枚子；连成三条就押三枚。角上的点在正方形的\
                 两条边上，可以一次补成两条。",
            zh_hant: "一步同時連成兩條「直」，就依次押兩顆子；連成三條就押三顆。\
                      角上的點在正方形的兩條邊上，可以一次補成兩條。",
        },
        goal_text: Text {
            en: "Pin two black pieces with one placement.",
            zh: "只放一枚子，押掉两枚黑子。",
            zh_hant: "只放一顆子，押掉兩顆黑子。",
        },
        goal: Goal::Pins(2),
        start: "d7 e4 g7 e3 a4 c3 a1 f4 g1 b4",
        solutions: &[&["a7 x* x*"]],
        hint: Text {
            en: "Find the point where two of your unfinished lines meet.",
            zh: "找一找你两条还没补完的线在哪个点相交。",
            zh_hant: "找一找你兩條還沒補完的線在哪個點相交。",
        },
        wrong: &[WrongAnswer {
            actions: &["g4", "d1"],
            why: Text {
                en: "That completes one line: one pin. One corner completes two of your \
                     lines at once.",
                zh: "这只连成一条「直」，只押一枚。有一个角能一次补成你的两条线。",
                zh_hant: "這樣只連成一條「直」，只能押一顆。有一個角能一次補成你的兩條線。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Two lines, two pins, chosen one after the other.",
            zh: "两条「直」，押两枚，一枚接一枚地选。",
            zh_hant: "兩條「直」，押兩顆，一顆接一顆地選。",
        },
    },
    LessonData {
        id: "zhiqi-mill-protection",
        variant: Variant::ZhiQi,
        learner: Side::P1,
        title: Text {
            en: "Mill protection",
            zh: "「直」里的子受保护",
            zh_hant: "「直」裡的子受保護",
        },
        text: Text {
            en: "Only pieces outside mills may be pinned or captured. Only when every \
                 opponent piece on the board stands in a mill may you take any of them.",
            zh: "只能押或吃对方不在「直」里的散子；只有对方盘上所有棋子都在「直」里时，才可以\
                 任意吃。",
            zh_hant: "只能押或吃對方不在「直」裡的散子；只有對方盤上所有棋子都在「直」裡時，\
                      才可以任意吃。",
        },
        goal_text: Text {
            en: "Complete a line and pin the black piece that is not in a mill.",
            zh: "连成一条「直」，押掉不在「直」里的那枚黑子。",
            zh_hant: "連成一條「直」，押掉不在「直」裡的那顆黑子。",
        },
        goal: Goal::Pins(1),
        start: "b2 d7 d2 a7 c5 g7 xc5",
        solutions: &[&["f2 xc5"]],
        hint: Text {
            en: "Black's pieces on a7, d7 and g7 form a mill; c5 does not.",
            zh: "黑方 a7、d7、g7 三子成「直」，c5 不在「直」里。",
            zh_hant: "黑方 a7、d7、g7 三子成「直」，c5 不在「直」裡。",
        },
        wrong: &[WrongAnswer {
            actions: &["f2 xa7", "f2 xd7", "f2 xg7"],
            why: Text {
                en: "That piece is protected: it stands in a mill. Pin the one that does not.",
                zh: "那枚子受保护：它在「直」里。去押不在「直」里的那一枚。",
                zh_hant: "那顆子受保護：它在「直」裡。去押不在「直」裡的那一顆。",
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
        id: "zhiqi-full-board",
        variant: Variant::ZhiQi,
        learner: Side::P2,
        title: Text {
            en: "A full board, and who moves first",
            zh: "满盘之后谁先走",
            zh_hant: "滿盤之後誰先走",
        },
        text: Text {
            en: "A pin fills no empty point, so the board is always full when placement ends. \
                 Then the second player — you, with Black — always moves first. Nothing can \
                 step on a full board, so that first turn is a pull: remove a white piece next \
                 to one of yours, then step into the gap.",
            zh: "押子不占空点，所以布子结束时棋盘总是满的。之后总是由后放子的一方先走——这里就是\
                 执黑的你。满盘谁也走不动，所以第一步一定是拔子：拿掉一枚紧挨着己子的白子，再走\
                 进空出来的点。",
            zh_hant: "押子不佔空點，所以佈子結束時棋盤總是滿的。之後總是由後放子的一方先走——\
                      這裡就是執黑的你。滿盤誰也走不動，所以第一步一定是拔子：\
                      拿掉一顆緊挨著己子的白子，再走進空出來的點。",
        },
        goal_text: Text {
            en: "You move first: pull a white piece, then step.",
            zh: "你先走：拔掉一枚白子，然后走一步。",
            zh_hant: "你先走：拔掉一顆白子，然後走一步。",
        },
        goal: Goal::Pull,
        start: H,
        solutions: &[&["x* * ..."]],
        hint: Text {
            en: "Tap a white piece next to one of yours, then step a piece into its point.",
            zh: "点一枚紧挨着你棋子的白子，再把一枚黑子走进那个点。",
            zh_hant: "點一顆緊挨著你棋子的白子，再把一顆黑子走進那個點。",
        },
        wrong: &[WrongAnswer {
            actions: &[
                "xa7", "xg4", "xg1", "xa1", "xd6", "xf4", "xb2", "xb4", "xc5", "xe5", "xe3", "xd3",
            ],
            why: Text {
                en: "That is one of your own pieces. The board is full, so none can step yet: \
                     first pull a white piece next to one of yours.",
                zh: "那是你自己的子。棋盘满了，哪枚子都走不动：先拔掉一枚紧挨着你棋子的白子。",
                zh_hant: "那是你自己的子。棋盤滿了，哪顆子都走不動：\
                          先拔掉一顆緊挨著你棋子的白子。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "The second player moved first, with a pull: now the game is on.",
            zh: "后放子的一方先走，第一步是拔子：对局正式开始。",
            zh_hant: "後放子的一方先走，第一步是拔子：對局正式開始。",
        },
    },
    LessonData {
        id: "zhiqi-pull",
        variant: Variant::ZhiQi,
        learner: Side::P1,
        title: Text {
            en: "Blocked? Pull — a blockade doesn't win",
            zh: "被困住就拔子——困死不算赢",
            zh_hant: "被困住就拔子——困死不算贏",
        },
        text: Text {
            en: "Black pulled and stepped into g7, and now g4 is the only empty point, with \
                 black pieces all around it. In Zhi Qi a blocked side doesn't lose: remove a \
                 black piece next to one of yours (mill protection doesn't apply), then step. \
                 If the step completes a mill, it captures.",
            zh: "黑方拔子后走进 g7，现在唯一的空点 g4 四周全是黑子。直棋不以困死取胜：被困的一方\
                 先拿掉一枚紧挨着己子的黑子（拔子不受「直」的保护），再走一步；这一步连成「直」\
                 照样吃子。",
            zh_hant: "黑方拔子後走進 g7，現在唯一的空點 g4 四周全是黑子。直棋不以困死取勝：\
                      被困的一方先拿掉一顆緊挨著己子的黑子（拔子不受「直」的保護），再走一步；\
                      這一步連成「直」照樣吃子。",
        },
        goal_text: Text {
            en: "Pull a black piece, then step so that you make a mill and capture.",
            zh: "拔掉一枚黑子，再走一步连成「直」并吃子。",
            zh_hant: "拔掉一顆黑子，再走一步連成「直」並吃子。",
        },
        goal: Goal::Captures(1),
        start: PULL_START,
        solutions: &[
            &["xd6 d7-d6 x*"],
            &["xd6 b6-d6 x*"],
            &["xd6 f6-d6 x*"],
            &["xd6 d5-d6 x*"],
            &["xf4 e4-f4 x*"],
            &["xb2 c3-b2 x*"],
            &["xb4 b6-b4 x*"],
            &["xc5 b6-c5 x*"],
            &["xc5 d5-c5 x*"],
            &["xd3 c3-d3 x*"],
        ],
        hint: Text {
            en: "Pull d6: your pieces on b6 and f6 wait on its line.",
            zh: "拔 d6：你在 b6 和 f6 的两枚子就在它那条线上。",
            zh_hant: "拔 d6：你在 b6 和 f6 的兩顆子就在它那條線上。",
        },
        wrong: &[WrongAnswer {
            actions: &["xd7", "xd1", "xa4", "xb6"],
            why: Text {
                en: "That is one of your own pieces. You are blocked: pull a black piece \
                         next to one of yours.",
                zh: "那是你自己的子。你被困住了：先拔掉一枚紧挨着你棋子的黑子。",
                zh_hant: "那是你自己的子。你被困住了：先拔掉一顆緊挨著你棋子的黑子。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Blocked but not beaten: the pull opened the board, and your step captured.",
            zh: "被困住也没输：拔子打开了局面，这一步还吃了子。",
            zh_hant: "被困住也沒輸：拔子打開了局面，這一步還吃了子。",
        },
    },
    LessonData {
        id: "zhiqi-take-all",
        variant: Variant::ZhiQi,
        learner: Side::P1,
        title: Text {
            en: "Win by taking every piece",
            zh: "吃光对方获胜",
            zh_hant: "吃光對方獲勝",
        },
        text: Text {
            en: "You win when the opponent has no pieces left, on the board or in hand. Black \
                 is down to one piece on g4, and f4 is the only empty point.",
            zh: "对方盘上和手里都没有棋子时，你就赢了。黑方只剩 g4 一枚子，唯一的空点是 f4。",
            zh_hant: "對方盤上和手裡都沒有棋子時，你就贏了。黑方只剩 g4 一顆子，\
                      唯一的空點是 f4。",
        },
        goal_text: Text {
            en: "Step into f4 so that you make a mill, and take Black's last piece.",
            zh: "走进 f4 连成「直」，吃掉黑方最后一枚子。",
            zh_hant: "走進 f4 連成「直」，吃掉黑方最後一顆子。",
        },
        goal: Goal::Win(WinReason::TookAll),
        start: TAKE_ALL_START,
        solutions: &[&["e4-f4 xg4"]],
        hint: Text {
            en: "The line f6–f4–f2 needs all three points; step in from the side.",
            zh: "f6–f4–f2 这条线三个点都要占满；从旁边走进去。",
            zh_hant: "f6–f4–f2 這條線三個點都要佔滿；從旁邊走進去。",
        },
        wrong: &[WrongAnswer {
            actions: &["f6-f4", "f2-f4"],
            why: Text {
                en: "That fills f4 but empties a point of the same line, so no mill forms. Step \
                     in from e4.",
                zh: "这样 f4 满了，同一条线上却空出一个点，成不了「直」。从 e4 走进去。",
                zh_hant: "這樣 f4 滿了，同一條線上卻空出一個點，成不了「直」。從 e4 走進去。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Every black piece is gone: you win.",
            zh: "黑方的子全被吃光：你赢了。",
            zh_hant: "黑方的子全被吃光：你贏了。",
        },
    },
    LessonData {
        id: "zhiqi-timer",
        variant: Variant::ZhiQi,
        learner: Side::P2,
        title: Text {
            en: "The turn timer",
            zh: "每步限时",
            zh_hant: "每步限時",
        },
        text: Text {
            en: "Each turn has a time limit (60 seconds by default). When it runs out the turn \
                 passes to the other side, and what was done stands: after a pull, the removal \
                 stands but the step is lost.",
            zh: "每步都有时间限制（默认 60 秒）。时间到了就自动换对方走，已经做完的照样算：拔子后\
                 超时，拔掉的子不退回，但那一步不再走。",
            zh_hant: "每步都有時間限制（預設 60 秒）。時間到了就自動換對方走，已經做完的照樣算：\
                      拔子後超時，拔掉的子不退回，但那一步不再走。",
        },
        goal_text: Text {
            en: "Pull a white piece, then let the time run out (10 seconds).",
            zh: "拔掉一枚白子，然后等时间用完（10 秒）。",
            zh_hant: "拔掉一顆白子，然後等時間用完（10 秒）。",
        },
        goal: Goal::TimeOut,
        start: H,
        solutions: &[&["x* pass"]],
        hint: Text {
            en: "After the pull, don't step: just wait.",
            zh: "拔子之后别走，等着就行。",
            zh_hant: "拔子之後別走，等著就好。",
        },
        wrong: &[WrongAnswer {
            actions: &["xd7 a7-d7", "xd7 d6-d7"],
            why: Text {
                en: "In a game that step is right; here, wait and watch what the timer does.",
                zh: "对局里这一步没错；这里先别走，看看时间用完会怎样。",
                zh_hant: "對局裡這一步沒錯；這裡先別走，看看時間用完會怎麼樣。",
            },
        }],
        timer_seconds: Some(10),
        solved_text: Text {
            en: "Time ran out: your pull stands, the step is lost, and White is to move.",
            zh: "时间到了：拔掉的子不退回，那一步作废，轮到白方。",
            zh_hant: "時間到了：拔掉的子不退回，那一步作廢，輪到白方。",
        },
    },
];

/// RULES.md §8 position H: the board is full after placement, Black (P2) to pull.
const H: &str = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";

/// H, then Black pulls g7 and steps into it: White is blocked and pulls.
const PULL_START: &str = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 \
                          e3 c4 d3 xg7 g4-g7";

/// A game between two computer levels, stopped before White's winning turn.
const TAKE_ALL_START: &str = "b2 d1 b4 d3 b6 xd3 a7 c3 f2 a1 xa7 e4 c4 d7 a4 xf2 xd1 c5 g1 \
                              xd7 f6 g7 xe4 e5 g4 xc5 d6 e3 xd6 xe5 d5 d2 xd5 xf6 f4 xg4 \
                              f4-g4";
