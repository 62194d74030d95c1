/// The core's portable rules (names, typed text, amounts, units, JSON values) live in
/// `BasketRules`, which also builds for the browser as WebAssembly; every face that imports
/// the core sees them as its own.
@_exported import BasketRules
