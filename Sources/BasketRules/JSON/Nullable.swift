/// An optional the faces' JSON always writes: `"key": null` when it is nil, never a missing
/// key. Mark a stored property `@Nullable var name: T? = nil` and the synthesized `Codable`
/// does the rest, where a plain optional would be left out (`encodeIfPresent`). The `= nil`
/// keeps the memberwise initializer taking (and defaulting) a plain optional.
///
/// Reading takes a missing key or `null` as nil, as a plain optional does.
@propertyWrapper
public struct Nullable<Value> {
  public var wrappedValue: Value?

  public init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }
}

extension Nullable: Equatable where Value: Equatable {}
extension Nullable: Hashable where Value: Hashable {}
extension Nullable: Sendable where Value: Sendable {}

#if !hasFeature(Embedded)
  extension Nullable: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      if let wrappedValue {
        try container.encode(wrappedValue)
      } else {
        try container.encodeNil()
      }
    }
  }

  extension Nullable: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
  }

  extension KeyedDecodingContainer {
    /// A `@Nullable` property whose key is missing is nil: the synthesized `init(from:)` calls
    /// this, being more specific than `decode(_:forKey:)` for any `Decodable`.
    public func decode<Value: Decodable>(
      _ type: Nullable<Value>.Type, forKey key: Key
    ) throws -> Nullable<Value> {
      try decodeIfPresent(type, forKey: key) ?? Nullable(wrappedValue: nil)
    }
  }
#endif
