//! What the pages need to know of the deployment: the apps' identities (for the link files)
//! and where to get them, and whom to ask about privacy. Flags like the rest of the server's
//! (`config.rs` hands them here), each with an environment variable.

/// The pages' settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSettings {
    /// The Android app's package name (`assetlinks.json`).
    pub android_package: String,
    /// SHA-256 fingerprints of the certificates the Android app is signed with (Play's app
    /// signing key, and the upload key for side-loaded builds), `AB:CD:…` upper case. None:
    /// no `assetlinks.json`.
    pub android_cert_sha256: Vec<String>,
    /// The Apple developer team of the iOS app. None: no `apple-app-site-association`.
    pub apple_team_id: Option<String>,
    /// The iOS app's bundle id.
    pub ios_bundle_id: String,
    /// The app's page on Google Play, shown on the invite page.
    pub play_store_url: Option<String>,
    /// The app's page on the App Store, shown on the invite page.
    pub app_store_url: Option<String>,
    /// An e-mail address or `https://` page for privacy questions and deletion requests.
    pub privacy_contact: Option<String>,
    /// How long the server keeps rooms (from its budgets), for the privacy policy.
    pub retention: Retention,
}

/// How long rooms are kept, as the privacy policy tells it (`None`: until the operator
/// deletes them). Set from the server's room budgets, so the policy says what it does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Retention {
    /// A room no one joined, from when it was made.
    pub waiting: Option<std::time::Duration>,
    /// A room whose last game ended, from that end.
    pub finished: Option<std::time::Duration>,
    /// An untimed game with no turn, from its last turn.
    pub abandoned: Option<std::time::Duration>,
}

impl Default for WebSettings {
    fn default() -> WebSettings {
        WebSettings {
            android_package: "app.mills".into(),
            android_cert_sha256: Vec::new(),
            apple_team_id: None,
            ios_bundle_id: "app.mills.ios".into(),
            play_store_url: None,
            app_store_url: None,
            privacy_contact: None,
            retention: Retention::default(),
        }
    }
}

/// The pages' flags and their environment variables.
pub const FLAGS: [(&str, &str); 7] = [
    ("--android-package", "MILLS_ANDROID_PACKAGE"),
    ("--android-cert-sha256", "MILLS_ANDROID_CERT_SHA256"),
    ("--apple-team-id", "MILLS_APPLE_TEAM_ID"),
    ("--ios-bundle-id", "MILLS_IOS_BUNDLE_ID"),
    ("--play-store-url", "MILLS_PLAY_STORE_URL"),
    ("--app-store-url", "MILLS_APP_STORE_URL"),
    ("--privacy-contact", "MILLS_PRIVACY_CONTACT"),
];

/// The pages' part of `--help`.
pub const HELP: &str = "\
Web pages (/join/CODE, /privacy, and the app-link files under /.well-known/):
  --android-package NAME     the Android app's package name [MILLS_ANDROID_PACKAGE] (app.mills)
  --android-cert-sha256 LIST SHA-256 fingerprints (AB:CD:...) of the Android signing certificates,
                             comma-separated; without it no assetlinks.json [MILLS_ANDROID_CERT_SHA256]
  --apple-team-id ID         the iOS app's Apple team id; without it no apple-app-site-association
                             [MILLS_APPLE_TEAM_ID]
  --ios-bundle-id ID         the iOS app's bundle id [MILLS_IOS_BUNDLE_ID] (app.mills.ios)
  --play-store-url URL       the app on Google Play, linked from invite pages [MILLS_PLAY_STORE_URL]
  --app-store-url URL        the app on the App Store, linked from invite pages [MILLS_APP_STORE_URL]
  --privacy-contact ADDRESS  e-mail address or https:// page for privacy questions and deletion
                             requests, shown on /privacy [MILLS_PRIVACY_CONTACT]
";

impl WebSettings {
    /// Takes one of [`FLAGS`]; `Err` says what is wrong with the value.
    pub fn apply(&mut self, flag: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        match flag {
            "--android-package" => self.android_package = identifier(value)?,
            "--ios-bundle-id" => self.ios_bundle_id = identifier(value)?,
            "--android-cert-sha256" => {
                self.android_cert_sha256 = value
                    .split(',')
                    .map(str::trim)
                    .filter(|f| !f.is_empty())
                    .map(fingerprint)
                    .collect::<Result<_, _>>()?
            }
            "--apple-team-id" => {
                let ok = value.len() == 10 && value.bytes().all(|b| b.is_ascii_alphanumeric());
                if !ok {
                    return Err("is not a 10-character Apple team id".into());
                }
                self.apple_team_id = Some(value.to_ascii_uppercase());
            }
            "--play-store-url" => self.play_store_url = Some(https_url(value)?),
            "--app-store-url" => self.app_store_url = Some(https_url(value)?),
            "--privacy-contact" => {
                let email = value.contains('@') && !value.contains(['/', ':']);
                if !email && https_url(value).is_err() {
                    return Err("is neither an e-mail address nor an https:// page".into());
                }
                if value.chars().any(char::is_whitespace) {
                    return Err("has spaces".into());
                }
                self.privacy_contact = Some(value.to_string());
            }
            _ => return Err("unknown".into()),
        }
        Ok(())
    }
}

/// A package name or bundle id: letters, digits, `_`, `-` and dots.
fn identifier(value: &str) -> Result<String, String> {
    let ok = !value.is_empty()
        && value.contains('.')
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if ok {
        Ok(value.to_string())
    } else {
        Err("is not an app identifier like app.mills".into())
    }
}

/// 32 bytes in hex separated by colons, as `keytool -list` and Play Console print them.
fn fingerprint(value: &str) -> Result<String, String> {
    let bytes: Vec<&str> = value.split(':').collect();
    let ok = bytes.len() == 32
        && bytes
            .iter()
            .all(|b| b.len() == 2 && b.bytes().all(|c| c.is_ascii_hexdigit()));
    if ok {
        Ok(value.to_ascii_uppercase())
    } else {
        Err(format!(
            "'{value}' is not a SHA-256 fingerprint (32 hex bytes, AB:CD:...)"
        ))
    }
}

fn https_url(value: &str) -> Result<String, String> {
    let ok = value.len() > "https://".len()
        && value.starts_with("https://")
        && !value.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok {
        Ok(value.to_string())
    } else {
        Err("must be an https:// address".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINT: &str = "14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5";

    #[test]
    fn values_are_checked_and_normalised() {
        let mut s = WebSettings::default();
        s.apply("--android-cert-sha256", &format!("{PRINT}, {PRINT}"))
            .unwrap();
        assert_eq!(s.android_cert_sha256.len(), 2);
        assert_eq!(s.android_cert_sha256[0], PRINT.to_ascii_uppercase());
        s.apply("--apple-team-id", "abcde12345").unwrap();
        assert_eq!(s.apple_team_id.as_deref(), Some("ABCDE12345"));
        s.apply("--privacy-contact", "privacy@mills.example")
            .unwrap();
        s.apply("--privacy-contact", "https://mills.example/contact")
            .unwrap();
        assert!(s.apply("--android-cert-sha256", "14:6d").is_err());
        assert!(s.apply("--apple-team-id", "TEAM").is_err());
        assert!(s.apply("--play-store-url", "http://play.example").is_err());
        assert!(s.apply("--privacy-contact", "call me").is_err());
        assert!(s.apply("--privacy-contact", "javascript:alert(1)").is_err());
        assert!(s.apply("--android-package", "app mills").is_err());
    }
}
