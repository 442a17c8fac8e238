//! The files with which the phones check that the apps may open this server's
//! `https://HOST/join/CODE` links: Android's Digital Asset Links file and Apple's
//! apple-app-site-association. Each exists only when its app's identity is configured.

use serde_json::json;

use super::settings::WebSettings;

/// `/.well-known/assetlinks.json`: the app (package and signing certificates) may handle
/// every link of this host; it only claims `/join/` in its manifest.
pub fn assetlinks(settings: &WebSettings) -> Option<String> {
    if settings.android_cert_sha256.is_empty() {
        return None;
    }
    let statement = json!([{
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {
            "namespace": "android_app",
            "package_name": settings.android_package,
            "sha256_cert_fingerprints": settings.android_cert_sha256,
        }
    }]);
    Some(statement.to_string())
}

/// `/.well-known/apple-app-site-association`: the app `TEAM.bundle` opens `/join/*`
/// (`components` for iOS 13 and later, `paths` for older readers).
pub fn apple_app_site_association(settings: &WebSettings) -> Option<String> {
    let team = settings.apple_team_id.as_ref()?;
    let app_id = format!("{team}.{}", settings.ios_bundle_id);
    let association = json!({
        "applinks": {
            "apps": [],
            "details": [{
                "appIDs": [app_id],
                "appID": app_id,
                "components": [{ "/": "/join/*", "comment": "invites to a room" }],
                "paths": ["/join/*"],
            }]
        }
    });
    Some(association.to_string())
}
