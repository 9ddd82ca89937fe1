/* toysig: a toy one-time signature for pqfit's tests. NOT SECURE (a Lamport signature of
 * a 32-bit digest); see ../../../README.md. */
#ifndef API_H
#define API_H

#include <stddef.h>
#include <stdint.h>

#define TOYSIG_BITS 32
#define TOYSIG_N 16
#define TOYSIG_R 16

#define CRYPTO_PUBLICKEYBYTES (2 * TOYSIG_BITS * TOYSIG_N)
#define CRYPTO_SECRETKEYBYTES (32 + CRYPTO_PUBLICKEYBYTES)
#define CRYPTO_BYTES (TOYSIG_R + TOYSIG_BITS * TOYSIG_N)
#define CRYPTO_ALGNAME "toysig"

int crypto_sign_keypair(uint8_t *pk, uint8_t *sk);
int crypto_sign_signature(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk);
int crypto_sign_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *pk);

#endif
