//! The Linked-Horse course (RULES.md §4). The learner plays White (P1).

use crate::outcome::WinReason;
use crate::rules::{Side, Variant};

use super::data::{Goal, LessonData, Text, WrongAnswer};

/// The lessons of Linked-Horse, in course order.
pub static LESSONS: &[LessonData] = &[
    LessonData {
        id: "linked-horse-bank",
        variant: Variant::LinkedHorse,
        learner: Side::P1,
        title: Text {
            en: "A linked horse goes to the stable",
            zh: "连环马入马厩",
            zh_hant: "連環馬入馬廄",
        },
        text: Text {
            en: "Nothing is ever captured. When the piece you place or move completes a \
                 linked horse, that piece goes into your stable and leaves the board for \
                 good — one step closer to winning.",
            zh: "这款棋不吃对方的子。放下（或走到）的那枚子连成「连环马」，它就放进自己的马厩，\
                 永久离开棋盘——离获胜又近了一步。",
            zh_hant: "這款棋不吃對方的子。放下（或走到）的那顆子連成「連環馬」，\
                      它就放進自己的馬廄，永久離開棋盤——離獲勝又近了一步。",
        },
        goal_text: Text {
            en: "Complete a linked horse and bank a piece.",
            zh: "连成一条「连环马」，送一枚子进马厩。",
            zh_hant: "連成一條「連環馬」，送一顆子進馬廄。",
        },
        goal: Goal::Stabled(1),
        start: "a1 g1 a4 g4",
        solutions: &[&["a7"]],
        hint: Text {
            en: "a1 and a4 are on one line; its third point is empty.",
            zh: "a1 和 a4 在同一条线上，这条线的第三个点还空着。",
            zh_hant: "a1 和 a4 在同一條線上，這條線的第三個點還空著。",
        },
        wrong: &[WrongAnswer {
            actions: &["g7"],
            why: Text {
                en: "Blocking g7 is good play later; here, bank your own horse first: a7 \
                     completes your line.",
                zh: "挡 g7 以后会用得上；这里先让自己的马入厩：a7 能补成你的线。",
                zh_hant: "擋 g7 以後會用得上；這裡先讓自己的馬入廄：a7 能補成你的線。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Banked: the piece you placed went to the stable, and a7 is empty again.",
            zh: "入厩了：刚放的那枚进了马厩，a7 又空了出来。",
            zh_hant: "入廄了：剛放的那顆進了馬廄，a7 又空了出來。",
        },
    },
    LessonData {
        id: "linked-horse-two-lines",
        variant: Variant::LinkedHorse,
        learner: Side::P1,
        title: Text {
            en: "Two lines at once still bank one",
            zh: "一次连成两条，也只入厩一枚",
            zh_hant: "一次連成兩條，也只入廄一顆",
        },
        text: Text {
            en: "A piece that completes two or three linked horses at once still sends only \
                 itself to the stable. The other pieces of those lines stay on the board.",
            zh: "一枚子同时连成两条或三条连环马，也只有它自己进马厩，那几条线上的其他棋子都留在\
                 盘上。",
            zh_hant: "一顆子同時連成兩條或三條連環馬，也只有它自己進馬廄，\
                      那幾條線上的其他棋子都留在盤上。",
        },
        goal_text: Text {
            en: "Complete two linked horses with one placement.",
            zh: "只放一枚子，同时连成两条连环马。",
            zh_hant: "只放一顆子，同時連成兩條連環馬。",
        },
        goal: Goal::Stabled(1),
        start: "d7 e4 g7 e3 a4 c3 a1 f4",
        solutions: &[&["a7"]],
        hint: Text {
            en: "One corner finishes both the top side and the left side.",
            zh: "有一个角能同时补上上边和左边。",
            zh_hant: "有一個角能同時補上上邊和左邊。",
        },
        wrong: &[WrongAnswer {
            actions: &["g4", "d3"],
            why: Text {
                en: "Blocking Black helps, but you can bank now: one corner completes two of \
                     your lines.",
                zh: "挡住黑方有用，但你现在就能入厩：有一个角能补成你的两条线。",
                zh_hant: "擋住黑方有用，但你現在就能入廄：有一個角能補成你的兩條線。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Two lines, one horse: only a7 went to the stable; d7, g7, a4 and a1 stay.",
            zh: "两条线，只入厩一枚：只有 a7 进了马厩，d7、g7、a4、a1 都留在盘上。",
            zh_hant: "兩條線，只入廄一顆：只有 a7 進了馬廄，d7、g7、a4、a1 都留在盤上。",
        },
    },
    LessonData {
        id: "linked-horse-empty-hand",
        variant: Variant::LinkedHorse,
        learner: Side::P1,
        title: Text {
            en: "The hand must be empty to win",
            zh: "手里没子才能赢",
            zh_hant: "手裡沒子才能贏",
        },
        text: Text {
            en: "You win with exactly three pieces on the board forming a linked horse — and \
                 no piece left in hand. With pieces in hand a line only banks. You have six \
                 horses in the stable and two pieces in hand.",
            zh: "盘上恰好三枚己方棋子连成连环马，而且手里一枚子都没有，才算赢；手里还有子时，连成\
                 的线只会入厩。你已有六枚子入厩，手里还有两枚。",
            zh_hant: "盤上恰好三顆己方棋子連成連環馬，而且手裡一顆子都沒有，才算贏；\
                      手裡還有子時，連成的線只會入廄。你已有六顆子入廄，手裡還有兩顆。",
        },
        goal_text: Text {
            en: "Bank your seventh horse, then win with your last piece.",
            zh: "先让第七枚子入厩，再用最后一枚子取胜。",
            zh_hant: "先讓第七顆子入廄，再用最後一顆子取勝。",
        },
        goal: Goal::Win(WinReason::ThreeInLine),
        start: "a1 b4 a4 d6 a7 f4 a7 f2 a7 d2 a7 c5 a7 e5 a7 e3",
        solutions: &[&["a7", "g7", "a7"]],
        hint: Text {
            en: "a1 and a4 wait on one line: complete it, and complete it again.",
            zh: "a1 和 a4 在同一条线上：补上它，之后再补一次。",
            zh_hant: "a1 和 a4 在同一條線上：補上它，之後再補一次。",
        },
        wrong: &[WrongAnswer {
            actions: &["d1", "g1"],
            why: Text {
                en: "A piece off the line doesn't help: only a7 completes your line.",
                zh: "不在线上的子帮不上忙：只有 a7 能补成你的线。",
                zh_hant: "不在線上的子幫不上忙：只有 a7 能補成你的線。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "An empty hand and three in a line: the piece stays, and you win.",
            zh: "手里没子、三子成线：这枚子留在盘上，你赢了。",
            zh_hant: "手裡沒子、三子成線：這顆子留在盤上，你贏了。",
        },
    },
    LessonData {
        id: "linked-horse-three-in-line",
        variant: Variant::LinkedHorse,
        learner: Side::P1,
        title: Text {
            en: "The three-in-line win",
            zh: "三子成线获胜",
            zh_hant: "三子成線獲勝",
        },
        text: Text {
            en: "Seven of your horses are in the stable and your hand is empty: three pieces \
                 are left. Once all pieces are placed, the first placer moves first — step \
                 one piece one point along a line to make your last three a linked horse.",
            zh: "你已有七枚子入厩，手里没子，盘上只剩三枚。全部放完后由先放子的一方先走——沿线走\
                 一步，让最后三枚连成连环马。",
            zh_hant: "你已有七顆子入廄，手裡沒子，盤上只剩三顆。全部放完後由先放子的一方先走——\
                      沿線走一步，讓最後三顆連成連環馬。",
        },
        goal_text: Text {
            en: "Step a piece to line up your last three.",
            zh: "走一步，让最后三枚子连成一线。",
            zh_hant: "走一步，讓最後三顆子連成一線。",
        },
        goal: Goal::Win(WinReason::ThreeInLine),
        start: "a1 b4 a4 d6 a7 f4 a7 f2 a7 d2 a7 c5 a7 e5 a7 e3 a7 g7 b6 d1",
        solutions: &[&["b6-a7"]],
        hint: Text {
            en: "a1 and a4 are in line; which piece can reach the third point?",
            zh: "a1 和 a4 在一条线上；哪枚子能走到第三个点？",
            zh_hant: "a1 和 a4 在一條線上；哪顆子能走到第三個點？",
        },
        wrong: &[WrongAnswer {
            actions: &["a4-a7"],
            why: Text {
                en: "That leaves a gap at a4: your three must stand on one line.",
                zh: "这样 a4 就空了：三枚子要在同一条线上。",
                zh_hant: "這樣 a4 就空了：三顆子要在同一條線上。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Three left, in a line, with an empty hand: you win.",
            zh: "只剩三枚、连成一线、手里没子：你赢了。",
            zh_hant: "只剩三顆、連成一線、手裡沒子：你贏了。",
        },
    },
    LessonData {
        id: "linked-horse-blocked",
        variant: Variant::LinkedHorse,
        learner: Side::P1,
        title: Text {
            en: "A blocked side loses",
            zh: "无子可动判负",
            zh_hant: "無子可動判負",
        },
        text: Text {
            en: "If it's your turn in the movement phase and none of your pieces can move, you \
                 lose. Black's only piece that can still move is on e4.",
            zh: "走子阶段轮到自己却一枚棋子都动不了，就判负。黑方现在只有 e4 那枚子还能动。",
            zh_hant: "走子階段輪到自己卻一顆棋子都動不了，就判負。黑方現在只有 e4 那顆子還能動。",
        },
        goal_text: Text {
            en: "Take away Black's last move.",
            zh: "堵住黑方最后一步棋。",
            zh_hant: "堵住黑方最後一步棋。",
        },
        goal: Goal::Win(WinReason::Blocked),
        start: "f4 f2 d5 e3 d3 g1 b6 a1 a7 e4 a4 c3 g7 b2 b2 g4 c4 d2 g1 d1",
        solutions: &[&["d5-e5"]],
        hint: Text {
            en: "e4 can only step to e5.",
            zh: "e4 只能走到 e5。",
            zh_hant: "e4 只能走到 e5。",
        },
        wrong: &[WrongAnswer {
            actions: &["f4-f6"],
            why: Text {
                en: "Now e4 can step to f4. Close e5, its only way out, and keep f4 covered.",
                zh: "这样 e4 就能走到 f4。守住 f4，再堵上它唯一的出路 e5。",
                zh_hant: "這樣 e4 就能走到 f4。守住 f4，再堵上它唯一的出路 e5。",
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
        id: "linked-horse-block",
        variant: Variant::LinkedHorse,
        learner: Side::P1,
        title: Text {
            en: "Block their linked horse",
            zh: "挡住对方的连环马",
            zh_hant: "擋住對方的連環馬",
        },
        text: Text {
            en: "Every horse the opponent banks brings them closer to winning. Keep your pieces \
                 close together and stand in the way of their lines.",
            zh: "对方每入厩一枚，就离获胜更近一步。己方棋子要彼此靠近，同时挡住对方的线。",
            zh_hant: "對方每入廄一顆，就離獲勝更近一步。己方棋子要彼此靠近，同時擋住對方的線。",
        },
        goal_text: Text {
            en: "Leave Black no placement that completes a linked horse.",
            zh: "让黑方放哪里都连不成连环马。",
            zh_hant: "讓黑方放哪裡都連不成連環馬。",
        },
        goal: Goal::Block,
        start: "a1 g1 d6 g4",
        solutions: &[&["g7"]],
        hint: Text {
            en: "Black's g1 and g4 share a line with one empty point.",
            zh: "黑方的 g1 和 g4 在同一条线上，那条线还空着一个点。",
            zh_hant: "黑方的 g1 和 g4 在同一條線上，那條線還空著一個點。",
        },
        wrong: &[WrongAnswer {
            actions: &["a4", "a7"],
            why: Text {
                en: "That builds your own line, but Black completes g1–g4–g7 first and banks.",
                zh: "这是在搭自己的线，但黑方会先补上 g1–g4–g7 入厩。",
                zh_hant: "這是在搭自己的線，但黑方會先補上 g1–g4–g7 入廄。",
            },
        }],
        timer_seconds: None,
        solved_text: Text {
            en: "Blocked: Black has no line to complete.",
            zh: "挡住了：黑方没有能补成的线。",
            zh_hant: "擋住了：黑方沒有能補成的線。",
        },
    },
    LessonData {
        id: "linked-horse-timer",
        variant: Variant::LinkedHorse,
        learner: Side::P1,
        title: Text {
            en: "The turn timer",
            zh: "每步限时",
            zh_hant: "每步限時",
        },
        text: Text {
            en: "Each turn has a time limit (60 seconds by default). When it runs out the turn \
                 passes to the other side; a skipped placement keeps the piece in hand.",
            zh: "每步都有时间限制（默认 60 秒）。时间到了就自动换对方走；没放的子留在手里。",
            zh_hant: "每步都有時間限制（預設 60 秒）。時間到了就自動換對方走；沒放的子留在手裡。",
        },
        goal_text: Text {
            en: "Let the time run out (10 seconds) and watch the turn pass.",
            zh: "等时间用完（10 秒），看轮到谁走。",
            zh_hant: "等時間用完（10 秒），看輪到誰走。",
        },
        goal: Goal::TimeOut,
        start: "a1 g1",
        solutions: &[&["pass"]],
        hint: Text {
            en: "Don't place: just wait.",
            zh: "先别放子，等着就行。",
            zh_hant: "先別放子，等著就好。",
        },
        wrong: &[WrongAnswer {
            actions: &["a4"],
            why: Text {
                en: "In a game that is a fine move; here, wait and watch what the timer does.",
                zh: "对局里这步不错；这里先别放，看看时间用完会怎样。",
                zh_hant: "對局裡這步不錯；這裡先別放，看看時間用完會怎麼樣。",
            },
        }],
        timer_seconds: Some(10),
        solved_text: Text {
            en: "Time ran out: your piece stays in your hand, and Black is to move.",
            zh: "时间到了：这枚子留在你手里，轮到黑方。",
            zh_hant: "時間到了：這顆子留在你手裡，輪到黑方。",
        },
    },
];
