//! `GET /join/CODE`: what a friend sees who opens an invite link without the app (or where
//! the phone did not hand the link to it): the code spelled out, a link that opens the app,
//! the room's turn timer, and where to get the app. A code of the right form gets the page,
//! anything else "not an invite". Only the timer line tells a room exists, and only to
//! someone holding its 12-character code: an unknown code is answered from memory, so the
//! page is no way to look for rooms or to load the database.

use std::fmt::Write;

use mills_core::TurnTimer;

use super::html::{escape, page};
use super::lang::Lang;
use super::settings::WebSettings;

/// The page's words in one language.
struct Words {
    title: &'static str,
    heading: &'static str,
    code_is: &'static str,
    /// The room's turn timer, `{}` for its seconds.
    timer_on: &'static str,
    timer_off: &'static str,
    open: &'static str,
    have_app: &'static str,
    get_app: &'static str,
    play: &'static str,
    app_store: &'static str,
    no_store: &'static str,
    then: &'static str,
    privacy: &'static str,
    not_title: &'static str,
    not_text: &'static str,
}

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &Words {
            title: "An invitation to play Mills",
            heading: "You're invited to a game of Mills",
            code_is: "The invite code:",
            timer_on: "Turn timer: {} seconds a turn.",
            timer_off: "Turn timer: off, no hurry.",
            open: "Open in Mills",
            have_app: "Have the app? Open it with the button above, or choose Play a friend, then Join, and type the code.",
            get_app: "Don't have Mills yet?",
            play: "Get it on Google Play",
            app_store: "Download on the App Store",
            no_store: "Mills is free for Android and iPhone: look for “Mills” in your phone's app store.",
            then: "Once it is installed, open this link again, or type the code under Play a friend → Join.",
            privacy: "Privacy",
            not_title: "Not an invite",
            not_text: "This link holds no invite code. Ask your friend to send the invite again.",
        },
        Lang::ZhHans => &Words {
            title: "邀请你来下 Mills",
            heading: "朋友邀请你在 Mills 里下一局棋",
            code_is: "邀请码：",
            timer_on: "每步限时：{} 秒。",
            timer_off: "每步限时：不限时。",
            open: "在 Mills 中打开",
            have_app: "已经安装了？点上面的按钮打开，或者在“和朋友下”里选“加入”，输入邀请码。",
            get_app: "还没有安装 Mills？",
            play: "在 Google Play 下载",
            app_store: "在 App Store 下载",
            no_store: "Mills 在 Android 和 iPhone 上免费：在手机的应用商店里搜索“Mills”。",
            then: "安装好以后，再打开一次这个链接，或者在“和朋友下”→“加入”里输入邀请码。",
            privacy: "隐私政策",
            not_title: "不是邀请链接",
            not_text: "这个链接里没有邀请码。请朋友再发一次邀请。",
        },
        Lang::ZhHant => &Words {
            title: "邀請你來下 Mills",
            heading: "朋友邀請你在 Mills 裡下一局棋",
            code_is: "邀請碼：",
            timer_on: "每步限時：{} 秒。",
            timer_off: "每步限時：不限時。",
            open: "在 Mills 中開啟",
            have_app: "已經安裝了？點上面的按鈕開啟，或者在「和朋友下」裡選「加入」，輸入邀請碼。",
            get_app: "還沒有安裝 Mills？",
            play: "在 Google Play 下載",
            app_store: "在 App Store 下載",
            no_store: "Mills 在 Android 和 iPhone 上免費：在手機的應用程式商店裡搜尋「Mills」。",
            then: "安裝好以後，再開啟一次這個連結，或者在「和朋友下」→「加入」裡輸入邀請碼。",
            privacy: "隱私權政策",
            not_title: "不是邀請連結",
            not_text: "這個連結裡沒有邀請碼。請朋友再傳一次邀請。",
        },
    }
}

/// What the page says of the room's turn timer.
fn timer_line(w: &Words, timer: TurnTimer) -> String {
    match timer.seconds() {
        Some(seconds) => w.timer_on.replace("{}", &seconds.to_string()),
        None => w.timer_off.to_string(),
    }
}

/// The invite page of `code` (already in its canonical form); `timer` is its room's turn
/// timer, said on the page (`None`: no room has the code, and the page looks the same
/// otherwise).
pub fn invite(code: &str, lang: Lang, settings: &WebSettings, timer: Option<TurnTimer>) -> String {
    let w = words(lang);
    let mut body = String::new();
    let _ = write!(
        body,
        "<h1>{}</h1>\n<p>{}</p>\n<p class=\"code\" aria-label=\"{}\">{}</p>\n{}\
         <p><a class=\"button\" href=\"{}{}\">{}</a></p>\n<p class=\"note\">{}</p>\n<h2>{}</h2>\n<p>",
        escape(w.heading),
        escape(w.code_is),
        // Read out one character at a time, not as a word.
        escape(&code.chars().map(String::from).collect::<Vec<_>>().join(" ")),
        escape(&mills_protocol::spelled_code(code)),
        timer
            .map(|t| format!("<p class=\"timer\">{}</p>\n", escape(&timer_line(w, t))))
            .unwrap_or_default(),
        mills_protocol::APP_LINK_PREFIX,
        escape(code),
        escape(w.open),
        escape(w.have_app),
        escape(w.get_app),
    );
    let stores = [
        (&settings.play_store_url, w.play),
        (&settings.app_store_url, w.app_store),
    ];
    let mut any_store = false;
    for (url, label) in stores {
        if let Some(url) = url {
            any_store = true;
            let _ = write!(
                body,
                "<a class=\"button store\" href=\"{}\">{}</a>",
                escape(url),
                escape(label)
            );
        }
    }
    if !any_store {
        body.push_str(&escape(w.no_store));
    }
    let _ = write!(
        body,
        "</p>\n<p class=\"note\">{}</p>\n<p class=\"note\"><a href=\"/privacy\">{}</a></p>",
        escape(w.then),
        escape(w.privacy)
    );
    page(lang, w.title, &body)
}

/// The page for a `/join/…` path that holds no code.
pub fn not_an_invite(lang: Lang) -> String {
    let w = words(lang);
    let body = format!(
        "<h1>{}</h1>\n<p>{}</p>",
        escape(w.not_title),
        escape(w.not_text)
    );
    page(lang, w.not_title, &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_links_appear_only_when_configured_and_are_escaped() {
        let plain = invite("K7QM2XRP9DTA", Lang::En, &WebSettings::default(), None);
        assert!(plain.contains("look for “Mills”"));
        assert!(!plain.contains("Google Play"));
        let settings = WebSettings {
            play_store_url: Some("https://play.example/?id=app.mills&x=\"<b>".into()),
            app_store_url: Some("https://apps.example/app/id1".into()),
            ..WebSettings::default()
        };
        let html = invite("K7QM2XRP9DTA", Lang::ZhHans, &settings, None);
        assert!(html.contains("href=\"https://play.example/?id=app.mills&amp;x=&quot;&lt;b&gt;\""));
        assert!(html.contains("href=\"https://apps.example/app/id1\""));
        assert!(html.contains("在 Google Play 下载"));
        assert!(!html.contains("<b>"));
    }

    #[test]
    fn the_room_timer_is_said_in_each_language_and_only_for_a_room() {
        let settings = WebSettings::default();
        let page = |lang, timer| invite("K7QM2XRP9DTA", lang, &settings, timer);
        assert!(
            page(Lang::En, Some(TurnTimer::Seconds30)).contains("Turn timer: 30 seconds a turn.")
        );
        assert!(page(Lang::En, Some(TurnTimer::Off)).contains("Turn timer: off"));
        assert!(page(Lang::ZhHans, Some(TurnTimer::Seconds120)).contains("每步限时：120 秒。"));
        assert!(page(Lang::ZhHant, Some(TurnTimer::Off)).contains("每步限時：不限時。"));
        assert!(!page(Lang::En, None).contains("class=\"timer\""));
    }
}
