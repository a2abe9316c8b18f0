// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TipRules",
    products: [
        .library(name: "TipRules", targets: ["TipRules"]),
        .executable(name: "tiprules", targets: ["tiprules"]),
        .executable(name: "tiprules-bench", targets: ["tiprules-bench"]),
    ],
    targets: [
        .target(name: "TipRules"),
        .executableTarget(name: "tiprules", dependencies: ["TipRules"]),
        .executableTarget(name: "tiprules-bench", dependencies: ["TipRules"]),
        .executableTarget(name: "tiprules-fuzz", dependencies: ["TipRules"]),
        .testTarget(name: "TipRulesTests", dependencies: ["TipRules"]),
    ],
    swiftLanguageModes: [.v6]
)
