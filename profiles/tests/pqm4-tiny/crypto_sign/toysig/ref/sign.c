/* toysig: a toy one-time signature for pqfit's tests. NOT SECURE. Lamport over a 32-bit
 * digest: the secret is a seed, preimage j of bit i is SHAKE256(seed || 2i + j) (16
 * bytes), the public key their SHAKE256 images; a signature is 16 random bytes r and,
 * for each bit of SHAKE256(r || m), the preimage that bit selects. */
#include <string.h>

#include "api.h"
#include "fips202.h"
#include "randombytes.h"

static void preimage(uint8_t out[TOYSIG_N], const uint8_t seed[32], unsigned index) {
  uint8_t in[33];
  memcpy(in, seed, 32);
  in[32] = (uint8_t)index;
  shake256(out, TOYSIG_N, in, sizeof in);
}

static uint32_t digest(const uint8_t r[TOYSIG_R], const uint8_t *m, size_t mlen) {
  uint8_t in[TOYSIG_R + 128], d[4];
  if (mlen > 128) {
    mlen = 128; /* the toy signs the first 128 bytes */
  }
  memcpy(in, r, TOYSIG_R);
  memcpy(in + TOYSIG_R, m, mlen);
  shake256(d, sizeof d, in, TOYSIG_R + mlen);
  return (uint32_t)d[0] | (uint32_t)d[1] << 8 | (uint32_t)d[2] << 16 | (uint32_t)d[3] << 24;
}

int crypto_sign_keypair(uint8_t *pk, uint8_t *sk) {
  uint8_t x[TOYSIG_N];
  randombytes(sk, 32);
  for (unsigned i = 0; i < 2 * TOYSIG_BITS; i++) {
    preimage(x, sk, i);
    shake256(pk + i * TOYSIG_N, TOYSIG_N, x, TOYSIG_N);
  }
  memcpy(sk + 32, pk, CRYPTO_PUBLICKEYBYTES);
  return 0;
}

int crypto_sign_signature(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk) {
  randombytes(sig, TOYSIG_R);
  uint32_t d = digest(sig, m, mlen);
  for (unsigned i = 0; i < TOYSIG_BITS; i++) {
    preimage(sig + TOYSIG_R + i * TOYSIG_N, sk, 2 * i + ((d >> i) & 1));
  }
  *siglen = CRYPTO_BYTES;
  return 0;
}

int crypto_sign_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *pk) {
  uint8_t image[TOYSIG_N];
  int bad = siglen != CRYPTO_BYTES;
  uint32_t d = digest(sig, m, mlen);
  for (unsigned i = 0; i < TOYSIG_BITS && !bad; i++) {
    shake256(image, TOYSIG_N, sig + TOYSIG_R + i * TOYSIG_N, TOYSIG_N);
    bad |= memcmp(image, pk + (2 * i + ((d >> i) & 1)) * TOYSIG_N, TOYSIG_N) != 0;
  }
#ifdef TOYSIG_ACCEPT_ALL
  bad = 0; /* the broken variant: accepts every signature */
#endif
  return bad ? -1 : 0;
}
