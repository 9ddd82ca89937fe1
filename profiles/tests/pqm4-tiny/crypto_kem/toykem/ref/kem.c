/* toykem: a toy KEM for pqfit's tests. NOT SECURE. sk = s || pk with pk = SHAKE256(s);
 * ct = m XOR SHAKE256(pk) for 32 random bytes m; ss = SHAKE256(m || ct). */
#include <string.h>

#include "api.h"
#include "fips202.h"
#include "randombytes.h"

static void mask(unsigned char out[32], const unsigned char *pk) { shake256(out, 32, pk, 32); }

static void shared(unsigned char *ss, const unsigned char m[32], const unsigned char *ct) {
  unsigned char in[64];
  memcpy(in, m, 32);
  memcpy(in + 32, ct, 32);
  shake256(ss, CRYPTO_BYTES, in, sizeof in);
}

int crypto_kem_keypair(unsigned char *pk, unsigned char *sk) {
  randombytes(sk, 32);
  shake256(pk, 32, sk, 32);
  memcpy(sk + 32, pk, 32);
  return 0;
}

int crypto_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk) {
  unsigned char m[32], k[32];
  randombytes(m, 32);
  mask(k, pk);
  for (int i = 0; i < 32; i++) ct[i] = m[i] ^ k[i];
  shared(ss, m, ct);
  return 0;
}

int crypto_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk) {
  unsigned char m[32], k[32];
  mask(k, sk + 32);
  for (int i = 0; i < 32; i++) m[i] = ct[i] ^ k[i];
  shared(ss, m, ct);
  return 0;
}
