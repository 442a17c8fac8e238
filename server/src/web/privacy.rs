//! `GET /privacy`: the privacy policy of the server, in plain words: exactly what it stores
//! (docs/privacy.md holds the same facts as the stores' forms want them), for how long, and
//! how to have it deleted.

use std::fmt::Write;
use std::time::Duration;

use super::html::{escape, page};
use super::lang::Lang;
use super::settings::Retention;

/// One section: a heading and its paragraphs.
type Section = (&'static str, &'static [&'static str]);

struct Policy {
    title: &'static str,
    intro: &'static str,
    sections: &'static [Section],
    how_long: &'static str,
    contact_heading: &'static str,
    contact_is: &'static str,
    no_contact: &'static str,
}

fn policy(lang: Lang) -> &'static Policy {
    match lang {
        Lang::En => &Policy {
            title: "Privacy policy: playing Mills with a friend online",
            intro: "This server referees games of Mills between two phones (Play a friend). The Mills app sends nothing to any server while no server address is set in its settings: games against the computer, on one phone, lessons and puzzles stay on the phone.",
            sections: &[
                (
                    "What this server stores",
                    &[
                        "The name you chose for online play, which your opponent sees.",
                        "A SHA-256 hash of your installation's secret. The app makes a random secret the first time it plays online and keeps it on the phone; the server stores only its hash, which recognises your seat in your rooms. It is not tied to your phone number, an account, an advertising id or any other identity.",
                        "Your rooms: the invite code, the game, the turn timer, when the room was made and which seat is yours.",
                        "The turns of each game, and when each was played.",
                        "Reports and blocks: when you report or block your opponent (or they do), the room, the reason from the app's list, both names and both hashes, and when. They are kept after the room is deleted, for the operator to act on, until the operator deletes them; a block keeps the server from seating the two installations together again.",
                    ],
                ),
                (
                    "What it keeps only in memory",
                    &[
                        "The network address of your connection, to limit how often one address may join rooms. It is never written to the database and is forgotten within minutes.",
                        "The server's log names rooms and events, never names or secrets; it holds a network address only when the server is full and turns a connection away.",
                    ],
                ),
                (
                    "What it does not do",
                    &[
                        "No accounts, no advertising, no tracking, no analytics, no cookies. Nothing is sold or shared with anyone; your opponent sees your name and your moves.",
                        "The apps connect to the server encrypted (TLS, wss://) unless you type an unencrypted ws:// address yourself.",
                    ],
                ),
                (
                    "Deleting your data",
                    &[
                        "Send the invite codes of your rooms (the app shows them) and the name you used to the address below. The operator deletes those rooms with their names and turns; a room is one record for both players, so your opponent's view of it goes too.",
                    ],
                ),
            ],
            how_long: "How long",
            contact_heading: "Contact",
            contact_is: "Privacy questions and deletion requests:",
            no_contact: "The operator of this server has not published a contact address: ask whoever gave you this server's address.",
        },
        Lang::ZhHans => &Policy {
            title: "隐私政策：在网上和朋友下 Mills",
            intro: "这台服务器为两部手机之间的 Mills 对局当裁判（“和朋友下”）。只要设置里没有填写服务器地址，Mills 应用就不会向任何服务器发送任何内容：和电脑下、在一部手机上对下、课程和谜题都只留在手机上。",
            sections: &[
                (
                    "服务器保存什么",
                    &[
                        "你为网上对局选择的名字，对手会看到它。",
                        "你这次安装的密钥的 SHA-256 哈希值。应用第一次联网下棋时生成一个随机密钥，只保存在手机上；服务器只保存它的哈希值，用来认出你在房间里的座位。它与你的电话号码、账号、广告标识符或任何其他身份都没有关联。",
                        "你的房间：邀请码、棋种、每步限时、房间创建的时间，以及哪个座位是你的。",
                        "每局棋的每一步，以及走这一步的时间。",
                        "举报和屏蔽：你举报或屏蔽对手（或对手这样对你）时，记下房间、应用列表中的原因、双方的名字和哈希值，以及时间。房间删除后它们仍保留，供管理员处理，直到管理员删除；屏蔽会让服务器不再安排这两个安装对局。",
                    ],
                ),
                (
                    "只保存在内存里的",
                    &[
                        "你连接的网络地址，用来限制同一个地址加入房间的频率。它从不写入数据库，几分钟内就会被忘掉。",
                        "服务器日志只记录房间和事件，从不记录名字或密钥；只有在服务器满员、拒绝连接时才会记下网络地址。",
                    ],
                ),
                (
                    "服务器不做什么",
                    &[
                        "没有账号、没有广告、没有跟踪、没有统计分析、没有 Cookie。不出售、不与任何人分享任何数据；你的对手会看到你的名字和你的着法。",
                        "应用与服务器之间的连接是加密的（TLS，wss://），除非你自己输入了不加密的 ws:// 地址。",
                    ],
                ),
                (
                    "删除你的数据",
                    &[
                        "把你房间的邀请码（应用里可以看到）和你用过的名字发到下面的地址。运营者会删除这些房间以及其中的名字和着法；一个房间是双方共用的一份记录，所以对手那边的记录也会一起删除。",
                    ],
                ),
            ],
            how_long: "保存多久",
            contact_heading: "联系方式",
            contact_is: "隐私问题和删除请求请发到：",
            no_contact: "这台服务器的运营者没有公布联系地址：请询问把这台服务器地址告诉你的人。",
        },
        Lang::ZhHant => &Policy {
            title: "隱私權政策：在網路上和朋友下 Mills",
            intro: "這台伺服器為兩支手機之間的 Mills 對局當裁判（「和朋友下」）。只要設定裡沒有填寫伺服器位址，Mills 應用程式就不會向任何伺服器傳送任何內容：和電腦下、在一支手機上對下、課程和謎題都只留在手機上。",
            sections: &[
                (
                    "伺服器儲存什麼",
                    &[
                        "你為網路對局選擇的名字，對手會看到它。",
                        "你這次安裝的密鑰的 SHA-256 雜湊值。應用程式第一次連網下棋時產生一個隨機密鑰，只儲存在手機上；伺服器只儲存它的雜湊值，用來認出你在房間裡的座位。它與你的電話號碼、帳號、廣告識別碼或任何其他身分都沒有關聯。",
                        "你的房間：邀請碼、棋種、每步限時、房間建立的時間，以及哪個座位是你的。",
                        "每局棋的每一步，以及走這一步的時間。",
                        "檢舉和封鎖：你檢舉或封鎖對手（或對手這樣對你）時，記下房間、應用程式清單中的原因、雙方的名字和雜湊值，以及時間。房間刪除後它們仍保留，供管理員處理，直到管理員刪除；封鎖會讓伺服器不再安排這兩個安裝對局。",
                    ],
                ),
                (
                    "只保存在記憶體裡的",
                    &[
                        "你連線的網路位址，用來限制同一個位址加入房間的頻率。它從不寫入資料庫，幾分鐘內就會被忘掉。",
                        "伺服器日誌只記錄房間和事件，從不記錄名字或密鑰；只有在伺服器滿載、拒絕連線時才會記下網路位址。",
                    ],
                ),
                (
                    "伺服器不做什麼",
                    &[
                        "沒有帳號、沒有廣告、沒有追蹤、沒有統計分析、沒有 Cookie。不出售、不與任何人分享任何資料；你的對手會看到你的名字和你的著法。",
                        "應用程式與伺服器之間的連線是加密的（TLS，wss://），除非你自己輸入了不加密的 ws:// 位址。",
                    ],
                ),
                (
                    "刪除你的資料",
                    &[
                        "把你房間的邀請碼（應用程式裡可以看到）和你用過的名字寄到下面的位址。營運者會刪除這些房間以及其中的名字和著法；一個房間是雙方共用的一份紀錄，所以對手那邊的紀錄也會一起刪除。",
                    ],
                ),
            ],
            how_long: "保存多久",
            contact_heading: "聯絡方式",
            contact_is: "隱私問題和刪除請求請寄到：",
            no_contact: "這台伺服器的營運者沒有公布聯絡位址：請詢問把這台伺服器位址告訴你的人。",
        },
    }
}

/// The policy page, with `contact` (an e-mail address or an `https://` page) if configured,
/// and how long this server keeps rooms (`retention`, from its budgets).
pub fn page_of(lang: Lang, contact: Option<&str>, retention: &Retention) -> String {
    let p = policy(lang);
    let mut body = format!("<h1>{}</h1>\n<p>{}</p>\n", escape(p.title), escape(p.intro));
    let (last, first) = p.sections.split_last().expect("the policy has sections");
    for (heading, paragraphs) in first {
        section(&mut body, heading, paragraphs.iter().map(|t| t.to_string()));
    }
    // "How long" comes before "Deleting your data", the last section.
    section(&mut body, p.how_long, how_long(lang, retention));
    section(&mut body, last.0, last.1.iter().map(|t| t.to_string()));
    let _ = write!(body, "<h2>{}</h2>\n<p>", escape(p.contact_heading));
    match contact {
        Some(contact) => {
            // Settings accept only an e-mail address or an https:// page.
            let href = if contact.starts_with("https://") {
                contact.to_string()
            } else {
                format!("mailto:{contact}")
            };
            let _ = write!(
                body,
                "{} <a href=\"{}\">{}</a>",
                escape(p.contact_is),
                escape(&href),
                escape(contact)
            );
        }
        None => body.push_str(&escape(p.no_contact)),
    }
    body.push_str("</p>");
    page(lang, p.title, &body)
}

fn section(body: &mut String, heading: &str, paragraphs: impl IntoIterator<Item = String>) {
    let _ = writeln!(body, "<h2>{}</h2>", escape(heading));
    for text in paragraphs {
        let _ = writeln!(body, "<p>{}</p>", escape(&text));
    }
}

/// Whole days, or hours under a day (the tests run with fractions of a day).
fn span(lang: Lang, d: Duration) -> String {
    let hours = d.as_secs() / 3600;
    let (n, day) = if hours >= 24 {
        (hours / 24, true)
    } else {
        (hours.max(1), false)
    };
    match (lang, day) {
        (Lang::En, true) => format!("{n} day{}", if n == 1 { "" } else { "s" }),
        (Lang::En, false) => format!("{n} hour{}", if n == 1 { "" } else { "s" }),
        (Lang::ZhHans | Lang::ZhHant, true) => format!("{n} 天"),
        (Lang::ZhHans, false) => format!("{n} 小时"),
        (Lang::ZhHant, false) => format!("{n} 小時"),
    }
}

/// The "How long" paragraphs: what this server deletes and when, as its budgets say.
fn how_long(lang: Lang, r: &Retention) -> Vec<String> {
    let s = |d: Option<Duration>| d.map(|d| span(lang, d));
    let mut out = Vec::new();
    match lang {
        Lang::En => {
            out.push("Rooms, names and turns are kept so that a game can be resumed after the app was closed.".to_string());
            if let Some(t) = s(r.waiting) {
                out.push(format!(
                    "A room nobody joined is deleted {t} after it was made."
                ));
            }
            if let Some(t) = s(r.finished) {
                out.push(format!("A room whose last game has ended is deleted, with its turns, {t} after that end."));
            }
            if let Some(t) = s(r.abandoned) {
                out.push(format!("A game without a turn timer in which nobody has played for {t} is deleted with its room."));
            }
            out.push("Anything else is kept until the operator of this server deletes it or you ask for it to be deleted.".to_string());
        }
        Lang::ZhHans => {
            out.push("房间、名字和着法会保存下来，以便关掉应用后还能继续对局。".to_string());
            if let Some(t) = s(r.waiting) {
                out.push(format!("没有人加入的房间，在创建 {t}后删除。"));
            }
            if let Some(t) = s(r.finished) {
                out.push(format!(
                    "最后一局已经结束的房间，在结束 {t}后连同着法一起删除。"
                ));
            }
            if let Some(t) = s(r.abandoned) {
                out.push(format!(
                    "没有每步限时、{t}内无人走棋的对局，连同房间一起删除。"
                ));
            }
            out.push(
                "其余内容一直保存，直到这台服务器的运营者删除它们，或者你要求删除。".to_string(),
            );
        }
        Lang::ZhHant => {
            out.push("房間、名字和著法會保存下來，以便關掉應用程式後還能繼續對局。".to_string());
            if let Some(t) = s(r.waiting) {
                out.push(format!("沒有人加入的房間，在建立 {t}後刪除。"));
            }
            if let Some(t) = s(r.finished) {
                out.push(format!(
                    "最後一局已經結束的房間，在結束 {t}後連同著法一起刪除。"
                ));
            }
            if let Some(t) = s(r.abandoned) {
                out.push(format!(
                    "沒有每步限時、{t}內無人走棋的對局，連同房間一起刪除。"
                ));
            }
            out.push(
                "其餘內容一直保存，直到這台伺服器的營運者刪除它們，或者你要求刪除。".to_string(),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contact_is_a_mail_link_or_a_page_and_escaped() {
        let mail = page_of(
            Lang::En,
            Some("privacy@mills.example"),
            &Retention::default(),
        );
        assert!(mail.contains("href=\"mailto:privacy@mills.example\""));
        let web = page_of(
            Lang::ZhHant,
            Some("https://mills.example/a?b=1&c=\"2\""),
            &Retention::default(),
        );
        assert!(web.contains("href=\"https://mills.example/a?b=1&amp;c=&quot;2&quot;\""));
        assert!(web.contains("隱私問題和刪除請求"));
        assert!(page_of(Lang::ZhHans, None, &Retention::default()).contains("没有公布联系地址"));
    }

    #[test]
    fn the_policy_says_how_long_this_server_keeps_rooms() {
        const DAY: Duration = Duration::from_secs(24 * 3600);
        let kept = Retention {
            waiting: Some(DAY * 7),
            finished: Some(DAY * 90),
            abandoned: None,
        };
        let en = page_of(Lang::En, None, &kept);
        assert!(en.contains("deleted 7 days after it was made"), "{en}");
        assert!(en.contains("90 days after that end"));
        assert!(
            !en.contains("without a turn timer"),
            "abandoned games are kept"
        );
        let zh = page_of(Lang::ZhHant, None, &kept);
        assert!(zh.contains("在建立 7 天後刪除"));
        let never = page_of(Lang::ZhHans, None, &Retention::default());
        assert!(never.contains("或者你要求删除"));
        assert!(
            !never.contains("后删除"),
            "no expiry is promised when none is set"
        );
        let hours = page_of(
            Lang::En,
            None,
            &Retention {
                waiting: Some(DAY / 2),
                ..kept
            },
        );
        assert!(hours.contains("deleted 12 hours after"));
    }
}
