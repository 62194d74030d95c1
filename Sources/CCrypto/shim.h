// OpenSSL's libcrypto (Debian libssl-dev): HMAC, digests, constant-time comparison, random.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <sys/random.h>
