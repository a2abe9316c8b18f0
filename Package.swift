// swift-tools-version: 6.0
import PackageDescription

// The layers point one way, and these dependencies are the only way up:
//
//   TipRulesSyntax ─▶ TipRulesSemantics ─▶ TipRulesRuntime ─▶ TipRulesStore ─▶ TipRules ─▶ TipRulesTools
//   (source, diagnostics,  (types, built-in       (values, streams,     (durable       (the embedding   (the CLI commands,
//    lexer, parser, AST)    signatures, checker,   evaluator, built-in   donation       API)             REPL, fuzz entry
//                           typed tree, optimizer) implementations,      stores:                          points)
//                                                  logs, explain)        SQLite,
//                                                                        PostgreSQL)
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
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "TipRulesStore", dependencies: ["TipRulesRuntime", "CSQLite", "CLibPQ"]),
        .target(name: "TipRules", dependencies: ["TipRulesRuntime", "TipRulesStore"]),
        .target(name: "TipRulesTools", dependencies: ["TipRules"]),
        .executableTarget(name: "tiprules", dependencies: ["TipRulesTools", "CMalloc"]),
        .executableTarget(name: "tiprules-bench", dependencies: ["TipRules", "TipRulesTools"]),
        .executableTarget(name: "tiprules-fuzz", dependencies: ["TipRulesTools"]),
        .executableTarget(name: "landmarks-host", dependencies: ["TipRules"], path: "Examples/host", exclude: ["expected.out"]),
        .testTarget(name: "TipRulesTests", dependencies: ["TipRulesTools", "CSQLite"]),
        .testTarget(name: "TipRulesAPITests", dependencies: ["TipRules"]),
    ],
    swiftLanguageModes: [.v6]
)
