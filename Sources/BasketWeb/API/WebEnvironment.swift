import BasketCrypto
import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything the handlers depend on, passed in so tests can fix it.
public struct WebEnvironment: Sendable {
  /// The list, over the shared store. Its clock is the handlers' clock.
  public var basket: Basket
  public var access: AccessPolicy
  /// The household's time zone, for the time-of-day tint and the empty-state line.
  public var timeZone: TimeZone
  /// Random bytes for session nonces; nil when the system can't supply them.
  public var randomBytes: @Sendable (Int) -> [UInt8]?
  /// The recipe library and importers; nil answers the recipe routes with 503.
  public var recipes: RecipeServices?
  /// The list as CalDAV tasks; nil answers the CalDAV routes with 503.
  public var calDAV: CalDAVBook?
  /// The household's shops and their walking orders; nil answers the shop routes with 503.
  public var shops: ShopBook?
  /// The pantry and a barcode photo reader; nil answers the pantry and check-in routes with 503.
  public var pantry: PantryServices?
  /// Products and Shopping Trips; nil answers the trip routes with 503.
  public var trips: TripBook?
  /// The always-have list; nil answers the staples routes with 503 (and recipes leave out
  /// only tap water and optional lines).
  public var staples: StapleBook?
  /// The plan of meals (and its calendar); nil answers the plan routes with 503.
  public var plan: PlanBook?
  /// The household's one-time invitations; nil answers the invitation routes with 503.
  public var invitations: (any InvitationStore)?
  /// The welcome page's door (HTTPS port, the authority); nil when the server has none.
  public var welcome: WelcomeDoor?
  /// How much one answer may grow; tests lower it.
  public var limits = AnswerLimits()
  /// Gives back the memory a large read of the store left behind (the store's page cache and
  /// the allocator's free pages), once the list's answer made from it is kept (`ListCache`);
  /// nil does nothing. Called at most once per state of a list of `largeList` bytes or more.
  public var releaseMemory: (@Sendable () -> Void)?

  /// How large an answer built from the store may grow.
  public struct AnswerLimits: Sendable {
    /// A CalDAV multistatus (PROPFIND or REPORT): 5,000 tasks with their calendar-data are
    /// about 3 MiB.
    public var davAnswerBytes = 8 << 20
    /// The list's answers kept in memory between reads (`ListCache`): a 5,000-item list with
    /// its gzip is about 0.7 MB.
    public var listCacheBytes = 4 << 20
    /// A list answer from this size on (about 1,900 items) has `releaseMemory` called once it
    /// is made: the read behind it held several times its size.
    public var largeList = 256 << 10

    public init() {}
  }

  public init(
    basket: Basket, access: AccessPolicy, timeZone: TimeZone = .current,
    randomBytes: @escaping @Sendable (Int) -> [UInt8]? = WebEnvironment.systemRandomBytes,
    recipes: RecipeServices? = nil, calDAV: CalDAVBook? = nil, shops: ShopBook? = nil,
    pantry: PantryServices? = nil,
    trips: TripBook? = nil, staples: StapleBook? = nil, plan: PlanBook? = nil
  ) {
    self.basket = basket
    self.access = access
    self.timeZone = timeZone
    self.randomBytes = randomBytes
    self.recipes = recipes
    self.calDAV = calDAV
    self.shops = shops
    self.pantry = pantry
    self.trips = trips
    self.staples = staples
    self.plan = plan
  }

  /// Cryptographically secure random bytes: OpenSSL's `RAND_bytes`, else `getrandom`.
  public static let systemRandomBytes: @Sendable (Int) -> [UInt8]? = { count in
    SecureRandom.bytes(count)
  }
}
