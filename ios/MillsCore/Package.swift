// swift-tools-version:5.9
// MillsCore: the Rust engine (static library in an XCFramework) and its UniFFI-generated
// Swift API. Both are build output of ../scripts/build-xcframework.sh; run it first.
import PackageDescription

let package = Package(
    name: "MillsCore",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "MillsCore", targets: ["MillsCore"]),
    ],
    targets: [
        // The C side: libmills_ffi.a per platform, mills_ffiFFI.h and module.modulemap
        // (module `mills_ffiFFI`, which the generated Swift imports).
        .binaryTarget(name: "MillsFFI", path: "MillsFFI.xcframework"),
        // The generated mills_ffi.swift (copied in by the script) and a few conformances.
        .target(
            name: "MillsCore",
            dependencies: ["MillsFFI"],
            path: "Sources/MillsCore"
        ),
        .testTarget(
            name: "MillsCoreTests",
            dependencies: ["MillsCore"],
            path: "Tests/MillsCoreTests"
        ),
    ]
)
