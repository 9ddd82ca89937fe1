/* toykem: a toy KEM for pqfit's tests. NOT SECURE (the public key decapsulates); see
 * ../../../README.md. */
#ifndef API_H
#define API_H

#include <stdint.h>

#define CRYPTO_PUBLICKEYBYTES 32
#define CRYPTO_SECRETKEYBYTES 64
#define CRYPTO_CIPHERTEXTBYTES 32
#define CRYPTO_BYTES 32
#define CRYPTO_ALGNAME "toykem"

int crypto_kem_keypair(unsigned char *pk, unsigned char *sk);
int crypto_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk);
int crypto_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk);

#endif
