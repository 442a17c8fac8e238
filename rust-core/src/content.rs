//! Localized rules text for the three games, in English and Simplified Chinese.
//!
//! The iOS and Android apps render their rules screens from this module instead of keeping
//! their own copies, so both platforms always say the same thing, and the text lives next to
//! the engine that enforces it. Every statement here follows `RULES.md`; where the user's game
//! cards (the source of most of this copy) disagree with it, the text follows `RULES.md`.
//!
//! The text is plain data: `&'static` strings with no markup. Each game has the same sections,
//! in the same order, in both languages, so an app can pair them up by index.
//!
//! Chinese names: Zhi Qi is 十二子直棋 and Linked-Horse is 连环马棋, as on the cards. Twelve
//! Men's Morris has no card name in Chinese; it is rendered 十二子莫里斯棋 — "Morris" as the
//! usual 莫里斯棋 (九子莫里斯棋 for Nine Men's Morris), which keeps it clearly apart from
//! 十二子直棋 while staying a faithful translation. (十二子棋（斜线）was considered: it differs
//! from Zhi Qi's name by one character and puts brackets in a title.)

/// A language the rules text is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    /// English.
    English,
    /// Simplified Chinese.
    SimplifiedChinese,
}

impl Locale {
    /// Every locale, in a fixed order.
    pub const ALL: [Locale; 2] = [Locale::English, Locale::SimplifiedChinese];

    /// The locale for a BCP 47 language tag or a POSIX locale name from the platform.
    ///
    /// Matching is case-insensitive and accepts `-` or `_` as the separator; a POSIX suffix
    /// such as `.UTF-8` or `@euro` is ignored. Any Chinese tag (`zh`, `zh-CN`, `zh-Hans`,
    /// `zh_CN`, `zh-Hans-CN`, `zh-SG`, ...) gives [`Locale::SimplifiedChinese`], except a
    /// Traditional Chinese one: an explicit `Hant` script, or the regions `TW`, `HK` and `MO`
    /// without an explicit `Hans`. There is no Traditional Chinese text, and those tags fall
    /// back to English, the same fallback the platforms use for the apps' own strings when no
    /// Traditional localization exists. Everything else, including an empty tag, is English.
    #[must_use]
    pub fn from_tag(tag: &str) -> Locale {
        let tag = tag.trim();
        let tag = tag.split(['.', '@']).next().unwrap_or("");
        let mut subtags = tag.split(['-', '_']);
        let language = subtags.next().unwrap_or("");
        if !language.eq_ignore_ascii_case("zh") {
            return Locale::English;
        }
        let mut traditional = false;
        for subtag in subtags {
            // A singleton (`u`, `x`, ...) starts extensions or private use: stop there.
            if subtag.len() == 1 {
                break;
            }
            if subtag.eq_ignore_ascii_case("hans") {
                return Locale::SimplifiedChinese;
            }
            if ["hant", "tw", "hk", "mo"]
                .iter()
                .any(|t| subtag.eq_ignore_ascii_case(t))
            {
                traditional = true;
            }
        }
        if traditional {
            Locale::English
        } else {
            Locale::SimplifiedChinese
        }
    }

    /// The canonical BCP 47 tag of this locale: `"en"` or `"zh-Hans"`.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Locale::English => "en",
            Locale::SimplifiedChinese => "zh-Hans",
        }
    }
}

/// One titled section of a game's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesSection {
    /// The section heading.
    pub title: &'static str,
    /// The section body, one string per paragraph.
    pub paragraphs: &'static [&'static str],
}

/// The complete rules text of one game in one locale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesText {
    /// The game's display name.
    pub name: &'static str,
    /// A one-line pitch for game lists.
    pub tagline: &'static str,
    /// A short paragraph introducing the game.
    pub summary: &'static str,
    /// Key facts at a glance ("Pieces: 12 each", ...).
    pub key_facts: &'static [&'static str],
    /// The few points a new player needs before the first game.
    pub quick_start: &'static [&'static str],
    /// The full rules, section by section.
    pub sections: &'static [RulesSection],
}

/// The stable rules ids of the three games, in display order.
pub const GAME_IDS: [&str; 3] = ["zhiqi", "linked-horse", "twelve-mens-morris"];

/// The rules text of a game in a locale: every game has it in every locale, so there is no
/// failure to handle.
#[must_use]
pub fn rules_for(variant: crate::rules::Variant, locale: Locale) -> &'static RulesText {
    use crate::rules::Variant;
    let (english, chinese) = match variant {
        Variant::ZhiQi => (&ZHIQI_EN, &ZHIQI_ZH),
        Variant::LinkedHorse => (&LINKED_HORSE_EN, &LINKED_HORSE_ZH),
        Variant::TwelveMensMorris => (&TWELVE_MENS_MORRIS_EN, &TWELVE_MENS_MORRIS_ZH),
    };
    match locale {
        Locale::English => english,
        Locale::SimplifiedChinese => chinese,
    }
}

/// The rules text of a game in a locale, by the game's id.
///
/// `game_id` is the stable rules id: `"zhiqi"`, `"linked-horse"` or `"twelve-mens-morris"`
/// (exact, case-sensitive). Returns `None` for an unknown id.
#[must_use]
pub fn rules_text(game_id: &str, locale: Locale) -> Option<&'static RulesText> {
    let variant = crate::rules::Variant::ALL
        .into_iter()
        .find(|v| v.id() == game_id)?;
    Some(rules_for(variant, locale))
}

// ---------------------------------------------------------------------------------------------
// Zhi Qi · 十二子直棋 (RULES.md §3)
// ---------------------------------------------------------------------------------------------

static ZHIQI_EN: RulesText = RulesText {
    name: "Zhi Qi",
    tagline: "Line up three to capture; win by taking all the opponent's pieces.",
    summary: "Twelve pieces each on twenty-four points, and a mill made while placing swaps \
              their piece for yours. The fight starts on move one.",
    key_facts: &[
        "Pieces: 12 each",
        "Board: three nested squares, 24 points, 20 lines",
        "Win: take all the opponent's pieces",
    ],
    quick_start: &[
        "Take turns placing, then step along the lines; once placement is over, the second \
         player (who placed second) moves first.",
        "Three in a line captures: while placing, one of your pieces takes the captured \
         piece's point (a pin); while moving, the piece is simply removed. Pieces in a mill \
         can be taken only when no other piece is left.",
        "Take every rival piece to win. When none of your pieces can move, remove an enemy \
         piece next to one of yours and then move — a blocked side doesn't lose.",
    ],
    sections: &[
        RulesSection {
            title: "Board and setup",
            paragraphs: &[
                "The board is three nested squares. The midpoints of their sides are joined \
                 by four cross-lines and their corners by four diagonals, making 24 points \
                 where lines meet.",
                "A mill can form on 20 lines of three points: the 12 sides of the squares, \
                 the 4 cross-lines and the 4 diagonals.",
                "Each side has 12 pieces, all in hand. The first player places first; take \
                 turns placing one piece on an empty point until both hands are empty.",
            ],
        },
        RulesSection {
            title: "Mills and pinning",
            paragraphs: &[
                "Three of your pieces filling a line make a mill (a “zhi”). A placement that \
                 completes a mill captures one opponent piece; a placement that completes two \
                 or three lines at once captures two or three, one after another.",
                "Only pieces outside mills may be captured; if every opponent piece on the \
                 board is in a mill, you may take any of them. Each capture is chosen on the \
                 board as it stands after the previous one, and captures are lost when the \
                 opponent has no piece on the board.",
                "While placing, a capture is a pin: the opponent's piece is removed and one of \
                 yours takes its point. The pinning piece doesn't come from your hand, so you \
                 can have more than 12 pieces on the board.",
                "A pin that completes a line of yours captures nothing more — pins never \
                 chain — and the pinning piece is an ordinary piece from then on.",
                "Every placement fills one empty point and a pin fills none, so the board is \
                 always full when placement ends.",
            ],
        },
        RulesSection {
            title: "Movement",
            paragraphs: &[
                "Once both hands are empty, movement begins, and the second player always \
                 moves first. As the board is full, that first turn is a pull (see below).",
                "Move one of your pieces one step along a line to an adjacent empty point. No \
                 landing on an occupied point, no jumping, and no flying, however few pieces \
                 you have left.",
                "A step that completes a mill also captures — now the piece is simply \
                 removed, with no pinning. One step can complete two lines and capture two; \
                 pieces outside mills must be taken first, as above.",
            ],
        },
        RulesSection {
            title: "Pull",
            paragraphs: &[
                "If it's your turn in the movement phase and none of your pieces can move, \
                 first remove one opponent piece that is adjacent to one of yours, then step. \
                 This is called a pull.",
                "Mill protection does not apply to a pull: a piece in a mill can be pulled \
                 too. A step is always possible afterwards — at least into the point you just \
                 emptied — and if it completes a mill it captures as usual.",
                "Zhi Qi is not won by blockade: trapping the opponent isn't a win; they pull \
                 one of your pieces and play on.",
            ],
        },
        RulesSection {
            title: "Winning and draws",
            paragraphs: &[
                "You win when the opponent has no pieces left, on the board or in hand. A \
                 pull that takes their last piece wins at once, without the step.",
                "When both sides are down to two pieces or fewer in the movement phase, no \
                 mill can form any more and the game is a draw.",
                "By default the game is also drawn when the same position occurs three \
                 times, or after 100 movement turns in a row without a capture, pin or pull. \
                 Either side may resign at any time, which loses the game.",
                "The first placer has an opening edge (they decide the last empty point and \
                 more easily form the first mill); the second placer should build favorable \
                 shapes to close the gap.",
            ],
        },
        RulesSection {
            title: "Timer and settings",
            paragraphs: &[
                "Each turn lasts 60 seconds by default; in Settings you can choose off, 15, \
                 30, 60 or 120 seconds. When time runs out, the turn passes to the other side \
                 automatically and what was done stands: a skipped placement keeps the piece \
                 in hand, captures or pins still owed are lost, and after a pull the removal \
                 stands but the step is lost.",
                "If one side has emptied its hand while the other still has pieces, the side \
                 with the empty hand is skipped until the other has placed them all. The \
                 second player still makes the first movement turn.",
                "You can change the difficulty anytime in Settings.",
            ],
        },
    ],
};

static ZHIQI_ZH: RulesText = RulesText {
    name: "十二子直棋",
    tagline: "三子连成一条线即可吃子，吃光对方获胜",
    summary: "二十四个点摆十二枚子，布子阶段成直就把对方的子换成自己的——第一手就是战斗。",
    key_facts: &[
        "棋子：双方各 12 枚",
        "棋盘：三个同心正方形，24 个棋点，20 条可成「直」的线",
        "获胜：吃光对方棋子",
    ],
    quick_start: &[
        "先轮流布子，再沿线走一格；放完后由后放子的一方先走。",
        "三子成「直」可吃子：布子时用己子押住被吃点，走子时直接移除敌子；「直」里的子要等散子吃完才能吃。",
        "吃光对方获胜；无路可走时先拔掉对方一枚紧挨着己子的棋子，再继续走，不按困死判负。",
    ],
    sections: &[
        RulesSection {
            title: "棋盘与开局",
            paragraphs: &[
                "棋盘是三个套在一起的正方形，各边中点用四条线连起来，四个角用四条斜线连起来，线的交点一共 24 个棋点。",
                "能成「直」的线共 20 条：三个正方形的 12 条边、4 条中点连线和 4 条斜线，每条线上三个棋点。",
                "双方各 12 枚棋子，全在手里。先手方先放，轮流把棋子放到空棋点上，一次放一枚，直到双方手里的子都放完。",
            ],
        },
        RulesSection {
            title: "成「直」与押子",
            paragraphs: &[
                "放子后，如果自己有三枚棋子连成一条完整的线（一条「直」），就可以吃掉对方一枚棋子。一步同时连成两条或三条「直」，就依次吃两枚或三枚。",
                "只能吃对方不在「直」里的散子；如果对方盘上所有棋子都在「直」里，才可以任意吃。每吃一枚都按吃完上一枚后的盘面来选；对方盘上一枚子都没有时，这次吃子作废。",
                "布子阶段的吃子叫「押子」：把对方那枚棋子拿掉，再用自己的一枚棋子占住那个点。押上去的子不从手里出，所以盘上的己方棋子可以超过 12 枚。",
                "押子后即使又连成了自己的「直」，也不能再吃——押子不连吃；押上去的子此后就是普通棋子。",
                "每放一子占一个空点，押子不改变空点数，所以布子结束时棋盘总是满的。",
            ],
        },
        RulesSection {
            title: "走子",
            paragraphs: &[
                "双方手里的子都放完后进入走子阶段，总是由后放子的一方先走。这时棋盘是满的，所以第一步一定是拔子（见下）。",
                "取自己一枚棋子，沿线走一步到紧挨着的空点，不能走进有棋子的点，也不能跨过棋子；子再少也不能飞。",
                "走子后连成「直」同样可以吃子，这时直接把对方棋子移走，不用押子。一步最多连成两条「直」，吃两枚；同样要先吃「直」以外的散子。",
            ],
        },
        RulesSection {
            title: "拔子",
            paragraphs: &[
                "走子阶段轮到自己却一枚棋子都动不了时，先拿掉对方一枚紧挨着己方棋子的棋子，然后再走一步，这叫「拔子」。",
                "拔子不受「直」的保护，在「直」里的子也可以拔。拔完一定有步可走（至少能走进刚空出的点），这一步连成「直」照样吃子。",
                "直棋不以困死对方取胜——把对方逼到无路可走并不算赢，对方拔掉你一子就能继续。",
            ],
        },
        RulesSection {
            title: "胜负与和棋",
            paragraphs: &[
                "对方盘上和手里都没有棋子时即获胜。拔子拔掉对方最后一枚子，立即获胜，不用再走。",
                "走子阶段双方都只剩两枚或更少时，已经不可能再成「直」，判和。",
                "默认规则下，同一局面出现三次，或走子阶段连续 100 回合没有吃子、押子或拔子，也判和。任何时候都可以认输，认输即判负。",
                "先放子的一方开局有优势（能决定最后一个空点、也更容易先连成「直」），后放子的一方要靠多造有利棋型来缩小差距。",
            ],
        },
        RulesSection {
            title: "计时与设置",
            paragraphs: &[
                "每步默认限时 60 秒，可以在「设置」里改成不限时、15、30、60 或 120 秒。时间到了会自动换对方走，已经做完的照样算：没放的子留在手里，还没吃的子或押子作废；拔子后超时，拔掉的子不退回，但那一步不再走。",
                "一方手里的子已放完而另一方还有时，放完的一方轮空，直到另一方把子全部放完。走子阶段仍由后放子的一方先走。",
                "可以在「设置」里换一个难度，随时都能换。",
            ],
        },
    ],
};

// ---------------------------------------------------------------------------------------------
// Linked-Horse · 连环马棋 (RULES.md §4)
// ---------------------------------------------------------------------------------------------

static LINKED_HORSE_EN: RulesText = RulesText {
    name: "Linked-Horse",
    tagline: "No capturing — bank mills into the stable; first down to a three-piece mill wins.",
    summary: "Nothing is captured: every mill sends one of your own pieces to the stable, and \
              you win when your last three pieces form one.",
    key_facts: &[
        "Pieces: 10 each",
        "Board: three nested squares, 24 points, a stable in the center",
        "Win: an empty hand and exactly three pieces on the board, forming a linked horse",
    ],
    quick_start: &[
        "You win the moment your hand is empty and exactly three of your pieces are left on \
         the board, forming a linked horse.",
        "Once all 10 pieces each are placed, movement begins — the first placer moves first. \
         Move one piece one step along a line to an adjacent empty point, no jumping.",
        "No pieces are ever captured. Whenever a piece you place or move completes a linked \
         horse, that piece goes into the central stable and leaves the board for good.",
    ],
    sections: &[
        RulesSection {
            title: "Board and setup",
            paragraphs: &[
                "The board is the same as Zhi Qi: three nested squares joined by cross-lines \
                 and corner diagonals, with 24 points and 20 lines. The “stable” is drawn in \
                 the center; it is not a point, and no piece ever moves into it.",
                "In Hunan a mill is called a “linked horse”. Each side has 10 pieces in hand; \
                 the first player places first, then sides alternate until both hands are \
                 empty.",
            ],
        },
        RulesSection {
            title: "Banking a linked horse",
            paragraphs: &[
                "No pieces are ever captured. After you place or move a piece, if it \
                 completes a linked horse, that piece — only that one, even if it completed \
                 two or three lines at once — goes into your stable for good.",
                "So every linked horse you form drops your count by one, except the winning \
                 one. Pieces in hand count too, so you can only win once seven of your horses \
                 are in the stable.",
                "The aim is to bank faster than your opponent while blocking their shapes. \
                 Apart from the winning one, no finished linked horse ever stays on the \
                 board.",
            ],
        },
        RulesSection {
            title: "Movement",
            paragraphs: &[
                "Once both hands are empty (20 placements), movement begins — the first \
                 placer moves first. Move one piece one step along a line to an adjacent \
                 empty point; no jumping, no flying.",
                "A step that completes a linked horse sends the moved piece to the stable, \
                 just like a placement.",
                "As pieces thin out, fewer shapes can still form a linked horse — keep your \
                 pieces close together.",
            ],
        },
        RulesSection {
            title: "Winning and draws",
            paragraphs: &[
                "If the piece that completes a linked horse leaves you with no pieces in hand \
                 and exactly three on the board, you win at once and the piece stays. \
                 Otherwise it goes to the stable, and you win if your hand is empty and the \
                 three pieces left form a linked horse.",
                "If it's your turn in the movement phase and none of your pieces can move, \
                 you lose.",
                "By default the game is drawn when the same position occurs three times, or \
                 after 100 movement turns in a row with no piece stabled. Either side may \
                 resign at any time, which loses the game.",
            ],
        },
        RulesSection {
            title: "Timer and settings",
            paragraphs: &[
                "Each turn lasts 60 seconds by default; in Settings you can choose off, 15, \
                 30, 60 or 120 seconds. When time runs out, the turn passes to the other side \
                 automatically; a skipped placement keeps the piece in hand.",
                "If one side has emptied its hand while the other still has pieces, the side \
                 with the empty hand is skipped until the other has placed them all. The \
                 first player still makes the first movement turn.",
                "You can change the difficulty anytime in Settings.",
            ],
        },
    ],
};

static LINKED_HORSE_ZH: RulesText = RulesText {
    name: "连环马棋",
    tagline: "不吃对方子，凑「连环马」入马厩，先减到三子成连环马者胜",
    summary: "不吃对方的子：每成一次连环马，是把自己的一枚子送进马厩，最后只剩三枚还连成一条线才算赢。",
    key_facts: &[
        "棋子：双方各 10 枚",
        "棋盘：三个同心正方形，24 个棋点，中央有「马厩」",
        "获胜：手里没子，盘上只剩三子且形成一条「连环马」",
    ],
    quick_start: &[
        "手里的子放完、盘上恰好只剩三枚己方棋子，并且这三枚正好形成一条「连环马」，立即获胜。",
        "双方 10 枚棋子都放完后进入走子阶段，由先放子的一方先走。取自己一枚棋子沿线走一步到相邻空点，不能跨子。",
        "这款棋不吃对方的子。放子或走子后，只要刚放下（或走到）的那枚连成一条「连环马」，它就放进中央的马厩，永久离开棋盘。",
    ],
    sections: &[
        RulesSection {
            title: "棋盘与开局",
            paragraphs: &[
                "棋盘和直棋一样：三个套在一起的正方形，由中点连线和角上的斜线连起来，24 个棋点、20 条线。棋盘正中间画的是「马厩」，它不是棋点，棋子不会走进去。",
                "湖南人把三子连成的「直」叫「连环马」。双方各 10 枚棋子，全在手里，先手方先放，轮流放，直到双方都放完。",
            ],
        },
        RulesSection {
            title: "连环马入马厩",
            paragraphs: &[
                "这款棋不吃对方的子。放子或走子后，如果刚放下（或走到）的那枚连成了「连环马」，就把它放进自己的马厩，永久离开棋盘；一次连成两条或三条，也只放这一枚。",
                "所以每凑一次连环马，自己的棋子就少一枚（获胜的那次除外）。手里的子也算数，要有七枚入厩才可能获胜。",
                "思路是「怎么让己方棋子更快入厩」，同时挡住对方成型。除了获胜的那一条，盘上不会留下连成的连环马。",
            ],
        },
        RulesSection {
            title: "走子",
            paragraphs: &[
                "双方的子都放完（共 20 手）后进入走子阶段，由先放子的一方先走。取自己一枚棋子沿线走一步到相邻空点，不能跨子，也不能飞子。",
                "走子连成连环马，和放子一样，把走到的那枚放进马厩。",
                "棋子越来越少，能凑成连环马的棋型也越来越少，要尽量让己方棋子彼此靠近。",
            ],
        },
        RulesSection {
            title: "胜负与和棋",
            paragraphs: &[
                "连成连环马时，如果手里已经没子、盘上恰好三枚，立即获胜，这枚子留在盘上。否则它照常入厩；入厩后手里没子、盘上剩下的三枚又正好连成一条线，也获胜。",
                "走子阶段轮到自己却一枚棋子都动不了，则判负。",
                "默认规则下，同一局面出现三次，或走子阶段连续 100 回合没有棋子入厩，判和。任何时候都可以认输，认输即判负。",
            ],
        },
        RulesSection {
            title: "计时与设置",
            paragraphs: &[
                "每步默认限时 60 秒，可以在「设置」里改成不限时、15、30、60 或 120 秒。时间到了会自动换对方走，没放的子留在手里。",
                "一方手里的子已放完而另一方还有时，放完的一方轮空，直到另一方把子全部放完。走子阶段仍由先放子的一方先走。",
                "可以在「设置」里换一个难度，随时都能换。",
            ],
        },
    ],
};

// ---------------------------------------------------------------------------------------------
// Twelve Men's Morris · 十二子莫里斯棋 (RULES.md §5)
// ---------------------------------------------------------------------------------------------

static TWELVE_MENS_MORRIS_EN: RulesText = RulesText {
    name: "Twelve Men's Morris",
    tagline: "Nine Men's Morris with corner diagonals — mill to capture, cut the opponent \
              down to two to win.",
    summary: "An extension of Nine Men's Morris on the same three nested squares, with \
              diagonals joining the corners. With 12 pieces per side the game is denser and \
              placement longer; each mill captures one piece, and there is no flying.",
    key_facts: &[
        "Pieces: 12 each",
        "Board: three nested squares with corner diagonals, 24 points, 20 lines",
        "Win: cut the opponent down to two pieces, or leave them unable to move",
    ],
    quick_start: &[
        "Take turns placing all 12 pieces each, then step along the lines, diagonals \
         included; the first placer moves first.",
        "Completing a mill removes one opponent piece that is not in a mill — only one, \
         however many lines you complete.",
        "A side down to two pieces, or unable to move, loses. There is no flying.",
    ],
    sections: &[
        RulesSection {
            title: "Board and setup",
            paragraphs: &[
                "The board has the same structure as Nine Men's Morris — three nested squares \
                 with the midpoints of their sides joined — plus four diagonals joining the \
                 corners of each square to the next: 24 points in all.",
                "That gives 20 lines where a mill can form: the 12 sides of the squares, the \
                 4 midpoint cross-lines and the 4 diagonals (16 orthogonal plus 4 diagonal). \
                 The corners of the outer and inner squares connect to three points, the \
                 corners of the middle square to four.",
                "Each side has 12 pieces, all in hand. The first player places first and \
                 sides alternate, one piece per turn; points emptied by captures may be \
                 placed on again.",
            ],
        },
        RulesSection {
            title: "Mills and capturing",
            paragraphs: &[
                "Three of your pieces filling a line, diagonals included, make a mill. A \
                 placement or step that completes a mill removes one opponent piece — \
                 exactly one, even if it completes two or three lines at once.",
                "You may only take a piece that is not in a mill; if every opponent piece on \
                 the board is in a mill, you may take any. If the opponent has no piece on the \
                 board, the capture is lost.",
                "Moving a piece out of a mill and back again forms the mill anew and captures \
                 again.",
            ],
        },
        RulesSection {
            title: "Movement",
            paragraphs: &[
                "Once all 24 pieces have been placed, movement begins — the first placer \
                 moves first. Move one piece one step along any line, diagonals included, to \
                 an adjacent empty point; no jumping.",
                "There is no flying: with 12 pieces each the game rarely gets down to three, \
                 so pieces always move one step at a time.",
            ],
        },
        RulesSection {
            title: "Winning and draws",
            paragraphs: &[
                "A side whose pieces, on the board and in hand together, fall to two loses at \
                 once, in either phase.",
                "If it's your turn in the movement phase and none of your pieces can move, \
                 you lose — except when the board is full at the end of placement because no \
                 mill was made: neither side can move, and the game is drawn at once.",
                "By default the game is also drawn when the same position occurs three \
                 times, or after 100 movement turns in a row without a capture. Either side \
                 may resign at any time, which loses the game.",
            ],
        },
        RulesSection {
            title: "Timer and settings",
            paragraphs: &[
                "Each turn lasts 60 seconds by default; in Settings you can choose off, 15, \
                 30, 60 or 120 seconds. When time runs out, the turn passes to the other side \
                 automatically and what was done stands: a skipped placement keeps the piece \
                 in hand, and a capture still owed is lost.",
                "If one side has emptied its hand while the other still has pieces, the side \
                 with the empty hand is skipped until the other has placed them all. The \
                 first player still makes the first movement turn.",
                "You can change the difficulty anytime in Settings.",
            ],
        },
    ],
};

static TWELVE_MENS_MORRIS_ZH: RulesText = RulesText {
    name: "十二子莫里斯棋",
    tagline: "九子莫里斯棋加上角上的斜线，成「直」吃子，把对方吃到只剩两子即胜",
    summary: "在九子莫里斯棋的三层方框棋盘上，给四个角各加一条斜线。双方各 12 枚棋子，局面更密、布子更长；每次成「直」吃一子，不能飞子。",
    key_facts: &[
        "棋子：双方各 12 枚",
        "棋盘：三个同心正方形加角上斜线，24 个棋点，20 条可成「直」的线",
        "获胜：把对方减到只剩两子，或让对方无子可动",
    ],
    quick_start: &[
        "双方轮流放完各自的 12 枚子，再沿线（包括斜线）走一格；由先放子的一方先走。",
        "连成「直」就吃掉对方一枚不在「直」里的子——不管一次连成几条，都只吃一枚。",
        "只剩两子、或轮到自己却无子可动的一方判负。不能飞子。",
    ],
    sections: &[
        RulesSection {
            title: "棋盘与开局",
            paragraphs: &[
                "棋盘结构和九子莫里斯棋相同——三个套在一起的正方形，各边中点相连——另外每个角都有一条斜线把三个正方形的角连起来，共 24 个棋点。",
                "能成「直」的线共 20 条：三个正方形的 12 条边、4 条中点连线和 4 条斜线（横竖 16 条加斜线 4 条）。外圈和内圈的角各连着三个点，中圈的角连着四个点。",
                "双方各 12 枚棋子，全在手里。先手方先放，轮流一次放一枚；被吃空的点可以再放子。",
            ],
        },
        RulesSection {
            title: "成「直」与吃子",
            paragraphs: &[
                "三枚己方棋子占满一条线（包括斜线），就成一条「直」。放子或走子连成「直」，就吃掉对方一枚棋子——一次连成两条或三条也只吃一枚。",
                "只能吃对方不在「直」里的子；如果对方盘上所有棋子都在「直」里，才可以任意吃。对方盘上一枚子都没有时，这次吃子作废。",
                "把一枚棋子从「直」里走出去再走回来，重新成「直」，可以再吃一子。",
            ],
        },
        RulesSection {
            title: "走子",
            paragraphs: &[
                "24 枚棋子全部放完后进入走子阶段，由先放子的一方先走。取自己一枚棋子沿线（包括斜线）走一步到相邻空点，不能跨子。",
                "这款棋没有飞子：每方 12 枚，很少会减到三枚，棋子始终一次只走一步。",
            ],
        },
        RulesSection {
            title: "胜负与和棋",
            paragraphs: &[
                "一方盘上和手里的棋子加起来只剩两枚时，立即判负，布子、走子阶段都一样。",
                "走子阶段轮到自己却一枚棋子都动不了，则判负。例外：如果布子时谁也没成「直」，放完后棋盘全满，双方都动不了，立即判和。",
                "默认规则下，同一局面出现三次，或走子阶段连续 100 回合没有吃子，也判和。任何时候都可以认输，认输即判负。",
            ],
        },
        RulesSection {
            title: "计时与设置",
            paragraphs: &[
                "每步默认限时 60 秒，可以在「设置」里改成不限时、15、30、60 或 120 秒。时间到了会自动换对方走，已经做完的照样算：没放的子留在手里，还没吃的子作废。",
                "一方手里的子已放完而另一方还有时，放完的一方轮空，直到另一方把子全部放完。走子阶段仍由先放子的一方先走。",
                "可以在「设置」里换一个难度，随时都能换。",
            ],
        },
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn text(game_id: &str, locale: Locale) -> &'static RulesText {
        rules_text(game_id, locale).unwrap_or_else(|| panic!("{game_id} has no {locale:?} text"))
    }

    /// Every string of a text, headings included.
    fn strings(t: &RulesText) -> Vec<&'static str> {
        let mut all = vec![t.name, t.tagline, t.summary];
        all.extend(t.key_facts);
        all.extend(t.quick_start);
        for section in t.sections {
            all.push(section.title);
            all.extend(section.paragraphs);
        }
        all
    }

    /// The whole text as one string, for content checks.
    fn joined(t: &RulesText) -> String {
        strings(t).join("\n")
    }

    fn section<'a>(t: &'a RulesText, title: &str) -> &'a RulesSection {
        t.sections
            .iter()
            .find(|s| s.title == title)
            .unwrap_or_else(|| panic!("{} has no section {title:?}", t.name))
    }

    fn is_cjk(c: char) -> bool {
        ('\u{4e00}'..='\u{9fff}').contains(&c)
    }

    #[test]
    fn every_game_has_both_locales() {
        for id in GAME_IDS {
            for locale in Locale::ALL {
                assert!(rules_text(id, locale).is_some(), "{id} {locale:?}");
            }
        }
    }

    #[test]
    fn no_field_is_empty_or_badly_spaced() {
        for id in GAME_IDS {
            for locale in Locale::ALL {
                let t = text(id, locale);
                assert!(!t.key_facts.is_empty(), "{id} {locale:?} key facts");
                assert!(!t.quick_start.is_empty(), "{id} {locale:?} quick start");
                assert!(!t.sections.is_empty(), "{id} {locale:?} sections");
                for s in t.sections {
                    assert!(!s.paragraphs.is_empty(), "{id} {locale:?} {}", s.title);
                }
                for s in strings(t) {
                    assert!(!s.is_empty(), "{id} {locale:?}: empty string");
                    assert_eq!(s, s.trim(), "{id} {locale:?}: untrimmed {s:?}");
                    assert!(!s.contains("  "), "{id} {locale:?}: double space in {s:?}");
                    assert!(!s.contains('\n'), "{id} {locale:?}: line break in {s:?}");
                }
            }
        }
    }

    #[test]
    fn locales_have_the_same_shape() {
        for id in GAME_IDS {
            let en = text(id, Locale::English);
            let zh = text(id, Locale::SimplifiedChinese);
            assert_eq!(en.key_facts.len(), zh.key_facts.len(), "{id} key facts");
            assert_eq!(
                en.quick_start.len(),
                zh.quick_start.len(),
                "{id} quick start"
            );
            assert_eq!(en.sections.len(), zh.sections.len(), "{id} sections");
            for (e, z) in en.sections.iter().zip(zh.sections) {
                assert_eq!(
                    e.paragraphs.len(),
                    z.paragraphs.len(),
                    "{id}: {} / {}",
                    e.title,
                    z.title
                );
            }
        }
    }

    #[test]
    fn sections_come_in_the_same_order_in_both_languages() {
        let expected: [(&str, &[(&str, &str)]); 3] = [
            (
                "zhiqi",
                &[
                    ("Board and setup", "棋盘与开局"),
                    ("Mills and pinning", "成「直」与押子"),
                    ("Movement", "走子"),
                    ("Pull", "拔子"),
                    ("Winning and draws", "胜负与和棋"),
                    ("Timer and settings", "计时与设置"),
                ],
            ),
            (
                "linked-horse",
                &[
                    ("Board and setup", "棋盘与开局"),
                    ("Banking a linked horse", "连环马入马厩"),
                    ("Movement", "走子"),
                    ("Winning and draws", "胜负与和棋"),
                    ("Timer and settings", "计时与设置"),
                ],
            ),
            (
                "twelve-mens-morris",
                &[
                    ("Board and setup", "棋盘与开局"),
                    ("Mills and capturing", "成「直」与吃子"),
                    ("Movement", "走子"),
                    ("Winning and draws", "胜负与和棋"),
                    ("Timer and settings", "计时与设置"),
                ],
            ),
        ];
        for (id, titles) in expected {
            let en: Vec<_> = text(id, Locale::English)
                .sections
                .iter()
                .map(|s| s.title)
                .collect();
            let zh: Vec<_> = text(id, Locale::SimplifiedChinese)
                .sections
                .iter()
                .map(|s| s.title)
                .collect();
            let want_en: Vec<_> = titles.iter().map(|t| t.0).collect();
            let want_zh: Vec<_> = titles.iter().map(|t| t.1).collect();
            assert_eq!(en, want_en, "{id}");
            assert_eq!(zh, want_zh, "{id}");
        }
    }

    #[test]
    fn unknown_ids_give_none() {
        for id in [
            "",
            "zhi-qi",
            "ZHIQI",
            "Zhiqi",
            " zhiqi",
            "linked_horse",
            "nine-mens-morris",
        ] {
            for locale in Locale::ALL {
                assert_eq!(rules_text(id, locale), None, "{id:?}");
            }
        }
    }

    #[test]
    fn game_ids_are_distinct() {
        for (i, a) in GAME_IDS.iter().enumerate() {
            for b in &GAME_IDS[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn names() {
        let names = [
            ("zhiqi", "Zhi Qi", "十二子直棋"),
            ("linked-horse", "Linked-Horse", "连环马棋"),
            (
                "twelve-mens-morris",
                "Twelve Men's Morris",
                "十二子莫里斯棋",
            ),
        ];
        for (id, en, zh) in names {
            assert_eq!(text(id, Locale::English).name, en);
            assert_eq!(text(id, Locale::SimplifiedChinese).name, zh);
        }
        // Zhi Qi is not Twelve Men's Morris, whatever its card's title says.
        assert!(!joined(text("zhiqi", Locale::English)).contains("Men's Morris"));
        assert!(!joined(text("zhiqi", Locale::SimplifiedChinese)).contains("莫里斯"));
    }

    #[test]
    fn locale_from_tag() {
        for tag in [
            "zh",
            "zh-CN",
            "zh-Hans",
            "zh_CN",
            "zh-Hans-CN",
            "ZH-hans",
            "zh_Hans_CN",
            "zh-SG",
            "zh-Hans-TW",
            "zh-Hans-HK",
            "zh_CN.UTF-8",
            "zh-CN-u-nu-hanidec",
            " zh-CN ",
        ] {
            assert_eq!(Locale::from_tag(tag), Locale::SimplifiedChinese, "{tag:?}");
        }
        for tag in [
            "",
            "en",
            "en-US",
            "en_GB.UTF-8",
            "fr",
            "ja-JP",
            "zh-TW",
            "zh-HK",
            "zh_MO",
            "zh-Hant",
            "zh-Hant-TW",
            "zh-Hant-CN",
            "zhx",
            "z",
            "-zh",
        ] {
            assert_eq!(Locale::from_tag(tag), Locale::English, "{tag:?}");
        }
    }

    #[test]
    fn locale_tag_round_trips() {
        assert_eq!(Locale::English.tag(), "en");
        assert_eq!(Locale::SimplifiedChinese.tag(), "zh-Hans");
        for locale in Locale::ALL {
            assert_eq!(Locale::from_tag(locale.tag()), locale);
        }
    }

    #[test]
    fn chinese_is_chinese_and_english_is_not() {
        for id in GAME_IDS {
            for s in strings(text(id, Locale::SimplifiedChinese)) {
                assert!(s.chars().any(is_cjk), "{id}: no Chinese in {s:?}");
                // Chinese copy uses full-width punctuation.
                for c in [',', ';', ':', '?', '!', '(', ')'] {
                    assert!(!s.contains(c), "{id}: ASCII {c:?} in {s:?}");
                }
            }
            for s in strings(text(id, Locale::English)) {
                assert!(!s.chars().any(is_cjk), "{id}: Chinese in English {s:?}");
            }
        }
    }

    #[test]
    fn board_has_20_lines_in_every_game() {
        for id in GAME_IDS {
            let en = joined(text(id, Locale::English));
            let zh = joined(text(id, Locale::SimplifiedChinese));
            assert!(en.contains("24 points"), "{id}");
            assert!(en.contains("20 lines"), "{id}");
            assert!(zh.contains("24 个棋点"), "{id}");
            assert!(zh.contains("20 条"), "{id}");
            // The Twelve Men's Morris card's "16 + 8 = 24 mills" is wrong (RULES.md §1).
            for bad in ["24 mills", "24 lines", "8 diagonal", "eight diagonal"] {
                assert!(!en.contains(bad), "{id}: {bad:?}");
            }
            for bad in ["24 条", "斜线 8 条", "8 条斜线"] {
                assert!(!zh.contains(bad), "{id}: {bad:?}");
            }
        }
        let tmm = joined(text("twelve-mens-morris", Locale::English));
        assert!(tmm.contains("the 12 sides of the squares"));
        assert!(tmm.contains("4 midpoint cross-lines and the 4 diagonals"));
        assert!(tmm.contains("16 orthogonal plus 4 diagonal"));
        let tmm_zh = joined(text("twelve-mens-morris", Locale::SimplifiedChinese));
        assert!(tmm_zh.contains("12 条边、4 条中点连线和 4 条斜线"));
    }

    #[test]
    fn zhiqi_content() {
        let en = text("zhiqi", Locale::English);
        let zh = text("zhiqi", Locale::SimplifiedChinese);
        let all_en = joined(en);
        let all_zh = joined(zh);
        assert!(all_en.contains("12 pieces"));
        assert!(all_zh.contains("双方各 12 枚"));
        // The second placer makes the first movement turn (rule 3.6), in the quick start too.
        assert!(all_en.contains("the second player always moves first"));
        assert!(en.quick_start[0].contains("second player (who placed second) moves first"));
        assert!(zh.quick_start[0].contains("后放子的一方先走"));
        assert!(all_zh.contains("总是由后放子的一方先走"));
        assert!(!all_en.contains("last placer"));
        // Pinning: a swap, not from the hand, no chains, n lines give n pins.
        let pin = section(en, "Mills and pinning").paragraphs.join(" ");
        assert!(pin.contains("one of yours takes its point"));
        assert!(pin.contains("doesn't come from your hand"));
        assert!(pin.contains("pins never chain"));
        assert!(pin.contains("two or three lines at once captures two or three"));
        assert!(pin.contains("if every opponent piece on the board is in a mill"));
        let pin_zh = section(zh, "成「直」与押子").paragraphs.join("");
        assert!(pin_zh.contains("押子"));
        assert!(pin_zh.contains("不从手里出"));
        assert!(pin_zh.contains("押子不连吃"));
        // The pull takes an adjacent piece, ignores mill protection, then steps.
        let pull = section(en, "Pull").paragraphs.join(" ");
        assert!(pull.contains("adjacent to one of yours, then step"));
        assert!(pull.contains("Mill protection does not apply"));
        let pull_zh = section(zh, "拔子").paragraphs.join("");
        assert!(pull_zh.contains("紧挨着己方棋子"));
        assert!(pull_zh.contains("不受「直」的保护"));
        // Winning by taking everything; the two-against-two draw; no blockade win.
        let win = section(en, "Winning and draws").paragraphs.join(" ");
        assert!(win.contains("no pieces left, on the board or in hand"));
        assert!(win.contains("two pieces or fewer"));
        assert!(all_en.contains("not won by blockade"));
        assert!(all_zh.contains("不以困死对方取胜"));
        assert!(all_zh.contains("只剩两枚或更少"));
        assert!(all_en.contains("no flying"));
        assert!(all_zh.contains("不能飞"));
    }

    #[test]
    fn linked_horse_content() {
        let en = text("linked-horse", Locale::English);
        let zh = text("linked-horse", Locale::SimplifiedChinese);
        let all_en = joined(en);
        let all_zh = joined(zh);
        assert!(all_en.contains("10 pieces"));
        assert!(all_zh.contains("双方各 10 枚"));
        assert!(all_en.contains("stable"));
        assert!(all_zh.contains("马厩"));
        assert!(all_en.contains("No pieces are ever captured"));
        assert!(all_zh.contains("不吃对方的子"));
        // Only the arriving piece is stabled, even for a double or triple line.
        assert!(all_en.contains("only that one, even if it completed two or three lines"));
        assert!(all_zh.contains("一次连成两条或三条，也只放这一枚"));
        // Pieces in hand count: a win needs an empty hand and exactly three on the board.
        assert!(en.quick_start[0].contains("your hand is empty and exactly three"));
        assert!(zh.quick_start[0].contains("手里的子放完、盘上恰好只剩三枚"));
        assert!(all_en.contains("seven of your horses"));
        assert!(all_zh.contains("七枚入厩"));
        // P1 moves first after placement; a blocked side loses.
        assert!(all_en.contains("the first placer moves first"));
        assert!(all_zh.contains("由先放子的一方先走"));
        assert!(all_en.contains("none of your pieces can move, you lose"));
        assert!(all_zh.contains("一枚棋子都动不了，则判负"));
    }

    #[test]
    fn twelve_mens_morris_content() {
        let en = text("twelve-mens-morris", Locale::English);
        let zh = text("twelve-mens-morris", Locale::SimplifiedChinese);
        let all_en = joined(en);
        let all_zh = joined(zh);
        assert!(all_en.contains("12 pieces"));
        assert!(all_zh.contains("双方各 12 枚"));
        assert!(all_en.contains("diagonals"));
        assert!(all_zh.contains("斜线"));
        // One capture however many lines, under mill protection.
        assert!(all_en.contains("exactly one, even if it completes two or three lines"));
        assert!(all_zh.contains("一次连成两条或三条也只吃一枚"));
        assert!(all_en.contains("not in a mill"));
        // Two pieces (board + hand) lose; blocked loses; no flying; a full board is a draw.
        assert!(all_en.contains("on the board and in hand together, fall to two loses"));
        assert!(all_zh.contains("盘上和手里的棋子加起来只剩两枚时，立即判负"));
        assert!(all_en.contains("none of your pieces can move, you lose"));
        assert!(all_en.contains("There is no flying"));
        assert!(all_zh.contains("没有飞子"));
        assert!(all_en.contains("board is full at the end of placement"));
        assert!(all_zh.contains("棋盘全满，双方都动不了，立即判和"));
        assert!(all_en.contains("the first placer moves first"));
        // Pinning and pulling belong to Zhi Qi only.
        let words: Vec<_> = all_en
            .split(|c: char| !c.is_ascii_alphabetic())
            .map(str::to_ascii_lowercase)
            .collect();
        for word in ["pin", "pins", "pinning", "pull", "pulls"] {
            assert!(!words.iter().any(|w| w == word), "{word:?}");
        }
        assert!(!all_zh.contains("押子") && !all_zh.contains("拔子"));
    }

    #[test]
    fn shared_rules_appear_in_every_game() {
        for id in GAME_IDS {
            let en = text(id, Locale::English);
            let zh = text(id, Locale::SimplifiedChinese);
            let timer_en = section(en, "Timer and settings").paragraphs.join(" ");
            let timer_zh = section(zh, "计时与设置").paragraphs.join("");
            assert!(timer_en.contains("60 seconds by default"), "{id}");
            assert!(timer_en.contains("off, 15, 30, 60 or 120 seconds"), "{id}");
            assert!(timer_en.contains("turn passes to the other side"), "{id}");
            assert!(
                timer_en.contains("skipped placement keeps the piece in hand"),
                "{id}"
            );
            assert!(timer_en.contains("difficulty anytime in Settings"), "{id}");
            assert!(timer_zh.contains("默认限时 60 秒"), "{id}");
            assert!(timer_zh.contains("不限时、15、30、60 或 120 秒"), "{id}");
            assert!(timer_zh.contains("难度"), "{id}");
            if id != "linked-horse" {
                assert!(
                    timer_en.contains("still owed is lost")
                        || timer_en.contains("still owed are lost")
                );
                assert!(timer_zh.contains("作废"), "{id}");
            }
            let draws_en = section(en, "Winning and draws").paragraphs.join(" ");
            let draws_zh = section(zh, "胜负与和棋").paragraphs.join("");
            assert!(
                draws_en.contains("same position occurs three times"),
                "{id}"
            );
            assert!(draws_en.contains("100 movement turns in a row"), "{id}");
            assert!(draws_en.contains("resign"), "{id}");
            assert!(draws_zh.contains("同一局面出现三次"), "{id}");
            assert!(draws_zh.contains("连续 100 回合"), "{id}");
            assert!(draws_zh.contains("认输"), "{id}");
        }
    }

    #[test]
    fn quick_start_and_key_facts_state_the_piece_count() {
        for (id, n) in [
            ("zhiqi", 12),
            ("linked-horse", 10),
            ("twelve-mens-morris", 12),
        ] {
            let en = text(id, Locale::English);
            let zh = text(id, Locale::SimplifiedChinese);
            assert_eq!(en.key_facts[0], format!("Pieces: {n} each"));
            assert_eq!(zh.key_facts[0], format!("棋子：双方各 {n} 枚"));
        }
    }
}
