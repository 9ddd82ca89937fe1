/* Entry points for measuring a pqm4 implementation with `pq-explore measure --elf`
 * (profiles/calibration/pqm4.sh): static buffers, a deterministic randombytes, and every
 * entry returning 0 only when the scheme's own check passes (a signature verifies and a
 * tampered one is rejected; decapsulation gives the encapsulated secret). Written for
 * pqfit's harness; compiled against the implementation's api.h. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "api.h"

static uint64_t state = 12345;

int randombytes(uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        out[i] = (uint8_t)(state >> 56);
    }
    return 0;
}

/* mupq's randombytes.h renames the implementations' calls. */
int PQCLEAN_randombytes(uint8_t *out, size_t n) { return randombytes(out, n); }

uint8_t g_pk[CRYPTO_PUBLICKEYBYTES];
uint8_t g_sk[CRYPTO_SECRETKEYBYTES];

#ifdef PQM4_KEM
uint8_t g_ct[CRYPTO_CIPHERTEXTBYTES];
uint8_t g_ss[CRYPTO_BYTES];
uint8_t g_ss2[CRYPTO_BYTES];

int bench_keygen(void) { return crypto_kem_keypair(g_pk, g_sk); }
int bench_encaps(void) { return crypto_kem_enc(g_ct, g_ss, g_pk); }
int bench_decaps(void) {
    int r = crypto_kem_dec(g_ss2, g_ct, g_sk);
    return r != 0 || memcmp(g_ss, g_ss2, CRYPTO_BYTES) != 0;
}
#else
uint8_t g_sig[CRYPTO_BYTES];
uint8_t g_msg[59];
size_t g_siglen;

int bench_keygen(void) { return crypto_sign_keypair(g_pk, g_sk); }
int bench_sign(void) {
    g_msg[0]++;
    return crypto_sign_signature(g_sig, &g_siglen, g_msg, sizeof g_msg, g_sk);
}
int bench_verify(void) {
    if (crypto_sign_verify(g_sig, g_siglen, g_msg, sizeof g_msg, g_pk) != 0) {
        return 1;
    }
    g_sig[7] ^= 1;
    int forged = crypto_sign_verify(g_sig, g_siglen, g_msg, sizeof g_msg, g_pk) == 0;
    g_sig[7] ^= 1;
    return forged;
}
#endif

/* Heap for C code that calls malloc (pqm4's implementations do not). */
void *_sbrk(ptrdiff_t incr) {
    (void)incr;
    return (void *)-1;
}
