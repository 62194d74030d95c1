#if hasFeature(Embedded)
  /// Seconds, as Foundation names them: the rules count time in them on every platform, and
  /// Embedded Swift (the WebAssembly build) has no Foundation.
  public typealias TimeInterval = Double
#endif
