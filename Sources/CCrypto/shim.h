// OpenSSL's libcrypto (Debian libssl-dev to build, libssl3 to run): HMAC, digests,
// constant-time comparison, random bytes, and the household's certificate authority (EC keys,
// X.509 certificates and their extensions, PEM and DER).
//
// NB: the binary does not link libcrypto: BasketCrypto opens it on first use with
// basket_crypto_load, so commands that never sign or compare a secret (list, add, check) don't
// map it. Each function is called through the table, whose pointer types are the headers' own.
// NB: HMAC() is deprecated in OpenSSL 3 in favour of EVP_MAC, but still the one-call form; the
// table only names its type.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "../CLibraryTable/library_table.h"
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <sys/random.h>

#define BASKET_CRYPTO_FUNCTIONS(X) \
  X(ASN1_INTEGER_set_uint64) \
  X(ASN1_TIME_set) \
  X(ASN1_TIME_to_tm) \
  X(BIO_ctrl_pending) \
  X(BIO_free) \
  X(BIO_new) \
  X(BIO_new_mem_buf) \
  X(BIO_read) \
  X(BIO_s_mem) \
  X(CRYPTO_memcmp) \
  X(ERR_clear_error) \
  X(ERR_error_string_n) \
  X(ERR_get_error) \
  X(EVP_Digest) \
  X(EVP_PKEY_CTX_free) \
  X(EVP_PKEY_CTX_new_from_name) \
  X(EVP_PKEY_CTX_set_group_name) \
  X(EVP_PKEY_free) \
  X(EVP_PKEY_generate) \
  X(EVP_PKEY_keygen_init) \
  X(EVP_sha256) \
  X(HMAC) \
  X(PEM_read_bio_PrivateKey) \
  X(PEM_read_bio_X509) \
  X(PEM_write_bio_PrivateKey) \
  X(PEM_write_bio_X509) \
  X(RAND_bytes) \
  X(X509V3_EXT_conf_nid) \
  X(X509V3_set_ctx) \
  X(X509_NAME_add_entry_by_txt) \
  X(X509_add_ext) \
  X(X509_check_private_key) \
  X(X509_EXTENSION_free) \
  X(X509_digest) \
  X(X509_free) \
  X(X509_get0_notAfter) \
  X(X509_get0_notBefore) \
  X(X509_get0_pubkey) \
  X(X509_get_serialNumber) \
  X(X509_get_subject_name) \
  X(X509_getm_notAfter) \
  X(X509_getm_notBefore) \
  X(X509_new) \
  X(X509_set_issuer_name) \
  X(X509_set_pubkey) \
  X(X509_set_version) \
  X(X509_sign) \
  X(X509_verify) \
  X(i2d_X509)

// libcrypto's functions that Basket uses: struct basket_crypto, filled by basket_crypto_load
// (`soname`: "libcrypto.so.3").
BASKET_LIBRARY_TABLE(crypto, BASKET_CRYPTO_FUNCTIONS)
