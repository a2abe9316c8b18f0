// swift-tools-version: 6.0
import PackageDescription

// The layers point one way, and these dependencies are the only way up:
//
//   TipRulesSyntax ─▶ TipRulesSemantics ─▶ TipRulesRuntime ─▶ TipRules ─▶ TipRulesTools
//   (source, diagnostics,  (types, built-in       (values, streams,     (the embedding   (the CLI commands,
//    lexer, parser, AST)    signatures, checker,   evaluator, built-in   API)             fuzz entry points)
//                           typed tree, optimizer) implementations, logs)
//
// Layers share internals through `package` access; only the `TipRules` facade is the
// public API an app embeds.
let package = Package(
    name: "TipRules",
    products: [
        .library(name: "TipRules", targets: ["TipRules"]),
        .executable(name: "tiprules", targets: ["tiprules"]),
        .executable(name: "tiprules-bench", targets: ["tiprules-bench"]),
    ],
    targets: [
        .target(name: "TipRulesSyntax"),
        .target(name: "TipRulesSemantics", dependencies: ["TipRulesSyntax"]),
        .target(name: "TipRulesRuntime", dependencies: ["TipRulesSemantics"]),
        .target(name: "TipRules", dependencies: ["TipRulesRuntime"]),
        .target(name: "TipRulesTools", dependencies: ["TipRules"]),
        .executableTarget(name: "tiprules", dependencies: ["TipRulesTools"]),
        .executableTarget(name: "tiprules-bench", dependencies: ["TipRules", "TipRulesTools"]),
        .executableTarget(name: "tiprules-fuzz", dependencies: ["TipRulesTools"]),
        .executableTarget(name: "landmarks-host", dependencies: ["TipRules"], path: "Examples/host", exclude: ["expected.out"]),
        .testTarget(name: "TipRulesTests", dependencies: ["TipRulesTools"]),
        .testTarget(name: "TipRulesAPITests", dependencies: ["TipRules"]),
    ],
    swiftLanguageModes: [.v6]
)
