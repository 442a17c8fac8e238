// swift-tools-version:6.0
// The Linux build of the iOS app's Swift (tests/swift-linux/run.sh copies this file to
// Package.swift in its build folder, beside folders of links to the real sources):
//   mills_ffiFFI   the generated C header and module map (ios/scripts/build-xcframework.sh)
//   MillsCore      the generated mills_ffi.swift, linked with the engine's static library
//   MillsCoreTests ios/MillsCore/Tests/MillsCoreTests
//   Mills          every app file that needs no SwiftUI/UIKit, plus LinuxCompat/ (Linux only)
//   MillsTests     ios/App/MillsTests
// As ios/App/project.yml builds them: warnings are errors, concurrency is checked completely,
// in the language mode MILLS_SWIFT_LANGUAGE_MODE names (5, the project's; or 6).
import Foundation
import PackageDescription

let mode = ProcessInfo.processInfo.environment["MILLS_SWIFT_LANGUAGE_MODE"] ?? "5"
let languageMode: SwiftLanguageMode = mode == "6" ? .v6 : .v5
let checked: [SwiftSetting] = [
    .unsafeFlags(["-warnings-as-errors", "-strict-concurrency=complete"]),
]

let package = Package(
    name: "MillsLinux",
    targets: [
        .systemLibrary(name: "mills_ffiFFI", path: "Sources/mills_ffiFFI"),
        .target(
            name: "MillsCore",
            dependencies: ["mills_ffiFFI"],
            path: "Sources/MillsCore",
            swiftSettings: checked,
            linkerSettings: [.linkedLibrary("mills_ffi")]
        ),
        .testTarget(name: "MillsCoreTests", dependencies: ["MillsCore"], path: "Tests/MillsCoreTests", swiftSettings: checked),
        .target(name: "Mills", dependencies: ["MillsCore"], path: "Sources/Mills", swiftSettings: checked),
        .testTarget(name: "MillsTests", dependencies: ["Mills", "MillsCore"], path: "Tests/MillsTests", swiftSettings: checked),
    ],
    swiftLanguageModes: [languageMode]
)
