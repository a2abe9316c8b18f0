@_exported import TipRulesRuntime
