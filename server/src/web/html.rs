//! Writing HTML safely: every text put into a page goes through [`escape`], and every page
//! has the same small shell (no scripts, no outside resources).

use std::fmt::Write;

use super::lang::Lang;

/// `text` made safe inside an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A whole page: `title` (plain text) and `body` (HTML already escaped by the caller).
pub fn page(lang: Lang, title: &str, body: &str) -> String {
    let mut html = String::with_capacity(body.len() + 1024);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<title>{}</title>\n<style>{STYLE}</style>\n\
         </head>\n<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n",
        lang.tag(),
        escape(title),
    );
    html
}

/// Plain and readable on a phone; the system's fonts (CJK ones included).
const STYLE: &str = "body{margin:0;background:#f4efe6;color:#2b2118;\
font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans CJK SC',\
'PingFang SC','Microsoft YaHei',sans-serif;line-height:1.5}\
main{max-width:36rem;margin:0 auto;padding:1.5rem}\
h1{font-size:1.6rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}\
.code{font:700 2rem ui-monospace,'DejaVu Sans Mono',monospace;letter-spacing:.12em;\
background:#fff;border:2px solid #8a5a2b;border-radius:.5rem;padding:.6rem 1rem;\
display:inline-block;margin:.25rem 0 1rem}\
a.button{display:inline-block;background:#8a5a2b;color:#fff;text-decoration:none;\
font-weight:600;padding:.7rem 1.2rem;border-radius:.5rem;margin:.25rem .5rem .25rem 0}\
a.store{background:#fff;color:#2b2118;border:1px solid #8a5a2b}\
.note{color:#5b4a3a;font-size:.95rem}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            escape(r#"<script>alert("x" & 'y')</script>"#),
            "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;"
        );
        assert_eq!(escape("十二子直棋"), "十二子直棋");
    }

    #[test]
    fn a_page_names_its_language_and_escapes_its_title() {
        let html = page(Lang::ZhHant, "a<b", "<p>x</p>");
        assert!(html.contains("<html lang=\"zh-Hant\">"));
        assert!(html.contains("<title>a&lt;b</title>"));
        assert!(html.contains("<p>x</p>"));
    }
}
