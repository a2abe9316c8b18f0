// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TipRules",
    products: [
        .library(name: "TipRules", targets: ["TipRules"]),
        .executable(name: "tiprules", targets: ["tiprules"]),
    ],
    targets: [
        .target(name: "TipRules"),
        .executableTarget(name: "tiprules", dependencies: ["TipRules"]),
        .testTarget(name: "TipRulesTests", dependencies: ["TipRules"]),
    ],
    swiftLanguageModes: [.v6]
)
