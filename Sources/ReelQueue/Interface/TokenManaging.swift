/// API tokens (`reel token`, and `reel serve` resolving a bearer token): create, list, revoke, resolve.
/// Only a token's BLAKE2b hash is stored; the text is returned once, by `tokenCreate`.
public protocol TokenManaging: Sendable {
    /// Makes a token with fresh random text and webhook secret.
    /// - Throws: `QueueError.invalidToken` naming the field that is wrong.
    func tokenCreate(_ params: TokenCreateParams) throws(QueueError) -> TokenCreated

    /// Every token, revoked and expired ones too, oldest first.
    func tokenList() throws(QueueError) -> [TokenRecord]

    /// Revokes a token at once; false when it was already revoked.
    /// - Throws: `QueueError.tokenNotFound`.
    func tokenRevoke(_ id: Int64) throws(QueueError) -> Bool

    /// The principal of a presented token, recording its use; nil for text that is not a token, or a token that is
    /// unknown, revoked or expired (the caller answers 401 alike, so nothing tells them apart).
    func tokenResolve(_ presented: String) throws(QueueError) -> Principal?

    /// A token's webhook signing secret, for signing deliveries of its jobs.
    /// - Throws: `QueueError.tokenNotFound`.
    func tokenWebhookSecret(_ id: Int64) throws(QueueError) -> String
}
