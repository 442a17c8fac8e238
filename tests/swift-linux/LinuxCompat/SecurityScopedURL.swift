// Linux only (tests/swift-linux): Foundation on Linux has no security-scoped URLs. On Apple's
// platforms these calls return false and do nothing for a URL that is not security-scoped,
// which is every URL on Linux.
import Foundation

extension URL {
    public func startAccessingSecurityScopedResource() -> Bool {
        false
    }

    public func stopAccessingSecurityScopedResource() {}
}
