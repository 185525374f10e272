// swift-tools-version:6.0
import PackageDescription

/// Reel: a distributed segment render farm.
///
/// Dependencies point one way, down to ReelModel:
///   reel → ReelServe → ReelRecords → ReelQueue, ReelModel
///   reel → ReelFarm → ReelRecords, ReelQueue, ReelOTIO, ReelRender → ReelMedia, ReelPlan → ReelModel
/// The web server sees the farm only through its records (the request envelope, timeline marks, JSON shapes),
/// so it links no media library. Only ReelMedia and ReelRender (titles) touch C media libraries; only ReelQueue
/// touches libpq; only ReelServe touches libmicrohttpd, libcurl and GnuTLS. Each target lists exactly the modules
/// its files import.
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Reel",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "reel", targets: ["reel"]),
        .library(name: "ReelModel", targets: ["ReelModel"]),
    ],
    targets: [
        // System libraries: module map + shim header only.
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: "libavformat",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev",
                                         "libswscale-dev", "libswresample-dev"])]),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
                       providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium",
                       providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CGnuTLS", path: "Sources/CGnuTLS", pkgConfig: "gnutls",
                       providers: [.apt(["libgnutls28-dev"])]),

        .target(name: "ReelModel"),
        .target(name: "ReelPlan", dependencies: ["ReelModel"], swiftSettings: optimised),
        .target(name: "ReelOTIO", dependencies: ["ReelModel"]),
        .target(name: "ReelMedia", dependencies: ["ReelModel", "CFFmpeg"], swiftSettings: optimised),
        .target(name: "ReelRender", dependencies: ["ReelModel", "ReelPlan", "ReelMedia", "CFreeType"],
                swiftSettings: optimised),
        .target(name: "ReelQueue", dependencies: ["ReelModel", "CLibPQ", "CSodium"]),
        // The farm's records: the request envelope, timeline marks and the JSON shapes monitors read.
        .target(name: "ReelRecords", dependencies: ["ReelQueue", "ReelModel"]),
        .target(name: "ReelFarm", dependencies: ["ReelModel", "ReelPlan", "ReelMedia", "ReelRender", "ReelQueue",
                                                "ReelOTIO", "ReelRecords"]),
        // The web view and /metrics: the only user of libmicrohttpd; its webhook deliverer is the only user of
        // libcurl (the POSTs) and of GnuTLS's HMAC (their signatures).
        .target(name: "ReelServe", dependencies: ["ReelRecords", "ReelQueue", "ReelModel", "CMicroHTTPD", "CCurl",
                                                  "CGnuTLS"]),
        .executableTarget(name: "reel", dependencies: ["ReelServe", "ReelFarm", "ReelRecords", "ReelRender", "ReelMedia",
                                                      "ReelPlan", "ReelModel", "ReelQueue", "ReelOTIO"]),

        // Benchmarks (run with -c release; see bench/README.md). Never timed in tests.
        .executableTarget(name: "bench-plan", dependencies: ["ReelPlan", "ReelModel"], path: "bench/plan"),
        .executableTarget(name: "bench-queue", dependencies: ["ReelQueue"], path: "bench/queue"),
        .executableTarget(name: "bench-encode", dependencies: ["ReelMedia", "ReelModel"], path: "bench/encode"),
        .executableTarget(name: "bench-otio", dependencies: ["ReelOTIO", "ReelPlan", "ReelModel"], path: "bench/otio",
                          exclude: ["render-samples.sh"]),
        .executableTarget(name: "bench-stitch", dependencies: ["ReelRender", "ReelMedia", "ReelModel"],
                          path: "bench/stitch"),
        .executableTarget(name: "bench-sim", path: "bench/sim"),
        .executableTarget(name: "bench-serve", dependencies: ["ReelServe", "ReelRecords", "ReelQueue"],
                          path: "bench/serve"),
        .executableTarget(name: "bench-memory", dependencies: ["ReelMedia", "ReelModel"], path: "bench/memory"),
        .executableTarget(name: "bench-layers", dependencies: ["ReelRender", "ReelMedia", "ReelModel"], path: "bench/layers"),
        .executableTarget(name: "bench-transitions", dependencies: ["ReelRender", "ReelMedia", "ReelModel"], path: "bench/transitions"),
        .executableTarget(name: "bench-colour", dependencies: ["ReelRender", "ReelMedia", "ReelModel"], path: "bench/colour"),

        // Test support, used only by test targets: running programs (the one process helper), temporary folders,
        // the test database's URL, the built `reel`, a seeded generator, and REEL_TEST_KEEP (docs/testing.md).
        .target(name: "ReelTestSupport", path: "Tests/ReelTestSupport"),
        // Test oracles: independent reference computations shared by the test targets.
        .target(name: "ReelTestOracles", dependencies: ["ReelMedia", "ReelModel"], path: "Tests/ReelTestOracles"),
        .testTarget(name: "ReelModelTests", dependencies: ["ReelModel", "ReelTestSupport"]),
        .testTarget(name: "ReelPlanTests", dependencies: ["ReelPlan", "ReelModel", "ReelTestSupport"]),
        .testTarget(name: "ReelMediaTests", dependencies: ["ReelMedia", "ReelModel", "ReelTestSupport"]),
        .testTarget(name: "ReelRenderTests", dependencies: ["ReelRender", "ReelMedia", "ReelModel", "ReelPlan", "ReelTestOracles",
                                                           "ReelTestSupport"]),
        .testTarget(name: "ReelQueueTests", dependencies: ["ReelQueue", "ReelTestSupport"]),
        .testTarget(name: "ReelRecordsTests", dependencies: ["ReelRecords", "ReelTestSupport"]),
        .testTarget(name: "ReelOTIOTests", dependencies: ["ReelOTIO", "ReelFarm", "ReelRecords", "ReelRender",
                                                          "ReelMedia", "ReelPlan", "ReelModel", "ReelTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ReelServeTests", dependencies: ["ReelServe", "ReelRecords", "ReelQueue", "ReelTestSupport"]),
        // The farm library in process: renders through LocalRender, stitch stages on both queue drivers, the worker host.
        .testTarget(name: "ReelFarmTests", dependencies: ["ReelFarm", "ReelRecords", "ReelQueue", "ReelRender",
                                                         "ReelPlan", "ReelModel", "ReelMedia", "ReelTestOracles",
                                                         "ReelTestSupport"]),
        // The farm as processes: `reel` workers, submit, monitors and serve against PostgreSQL, one schema per test.
        .testTarget(name: "ReelFarmProcessTests", dependencies: ["ReelFarm", "ReelRecords", "ReelQueue", "ReelRender",
                                                                "ReelTestSupport"],
                    exclude: ["Support/blockfs.py", "Support/webview_check.py", "Support/webview_common.py", "Support/newjob_check.py",
                              "Support/progressive_check.py",
                              "Support/webhook_receiver.py"]),
        // The built `reel` binary's command line: help, messages, validate, hostile inputs, --json style.
        .testTarget(name: "ReelCLITests", dependencies: ["ReelTestSupport"]),
        // The deployment files under deploy/.
        .testTarget(name: "ReelDeployTests", dependencies: ["ReelFarm", "ReelRender", "ReelQueue", "ReelTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
