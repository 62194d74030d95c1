extension Result {
  /// The error, or nil for a success: for tests that expect a failure and look into it.
  public var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
