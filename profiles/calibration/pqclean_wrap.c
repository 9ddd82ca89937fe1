#include <stddef.h>
#include <stdint.h>
#include "api.h"
#include "randombytes.h"

uint8_t g_pk[PQCLEAN_MLDSA65_CLEAN_CRYPTO_PUBLICKEYBYTES];
uint8_t g_sk[PQCLEAN_MLDSA65_CLEAN_CRYPTO_SECRETKEYBYTES];
uint8_t g_sig[PQCLEAN_MLDSA65_CLEAN_CRYPTO_BYTES];
uint8_t g_msg[59];
size_t g_siglen;
static uint64_t state = 12345;

int randombytes(uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        out[i] = (uint8_t)(state >> 56);
    }
    return 0;
}

int bench_keygen(void) { return PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair(g_pk, g_sk); }
int bench_sign(void) {
    g_msg[0]++;
    return PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature_ctx(g_sig, &g_siglen, g_msg, sizeof g_msg, NULL, 0, g_sk);
}
int bench_verify(void) { return PQCLEAN_MLDSA65_CLEAN_crypto_sign_verify_ctx(g_sig, g_siglen, g_msg, sizeof g_msg, NULL, 0, g_pk); }
