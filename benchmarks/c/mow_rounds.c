/* A tight C loop of random Mow rounds, the yardstick of mowkit's compiled Mow kernel.
 *
 * Same rules, generator and algorithm as the random farmers of mowkit.kernels.mow's round loop
 * (_rounds_kernel / _play_round / _play_on / _legal): every special cow (blocking, acrobat,
 * slowpoke, calf, thin, dairy, mad), the draw pile, takes, the arrow flip of green specials,
 * the next farmer named by yellow ones, restart by the taker or the next farmer, the two-player
 * star (three herds), passing the start of an empty herd, the round ending with the first take
 * on an empty pile. A decision is one uniform draw over the legal list in the engine's order.
 * xoshiro256** seeded by splitmix64, bounded draws from the top 32 bits (Lemire); each round a
 * full Fisher-Yates shuffle of the deck (carried over from the previous round); farmer p gets
 * cards 5p..5p+4, the rest is the pile. Random farmers never read the hidden-card counts the
 * kernel keeps for its greedy farmers, so this loop does not keep them.
 *
 *   mow_rounds CARDS_FILE PLAYERS ROUNDS SEED
 * CARDS_FILE: "T STARTER HERDS RESTART_TAKER ALLOW_SELF", then T lines "kind number flies green
 * numbered" (card id = line index; kind 0 plain 1 blocking 2 acrobat 3 slowpoke 4 calf 5 thin
 * 6 dairy 7 mad), then "D" and the D card ids of the deck in use.
 * prints: rounds seconds, then per farmer the mean flies and their standard error
 * (seconds: the loop only, CLOCK_PROCESS_CPUTIME_ID).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { PLAIN, BLOCKING, ACROBAT, SLOWPOKE, CALF, THIN, DAIRY, MAD };
enum { A_LOW, A_HIGH, A_START, A_ACRO, A_SLOW, A_CALF_LO, A_CALF_HI, A_MAD, A_TAKE };
#define MAXC 256
#define HAND 5
#define WIDTH 64
#define LINE 32
#define ACTIONS 1024

static uint64_t s[4];

static void seed(uint64_t x) {
    for (int i = 0; i < 4; i++) {
        x += 0x9E3779B97F4A7C15ULL;
        uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        s[i] = z ^ (z >> 31);
    }
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next64(void) {
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static inline int below(int64_t m) {
    int64_t x = (int64_t)(next64() >> 32) * m;
    int64_t lo = x & 0xFFFFFFFF;
    if (lo < m) {
        int64_t t = ((1LL << 32) - m) % m;
        while (lo < t) {
            x = (int64_t)(next64() >> 32) * m;
            lo = x & 0xFFFFFFFF;
        }
    }
    return (int)(x >> 32);
}

static int kind[MAXC], num[MAXC], fl[MAXC], green[MAXC], numbered[MAXC];
static int n, nh, starter, restart_taker, allow_self;
static int hands[10][WIDTH], hcnt[10], val[3][LINE], crd[3][LINE], hl[3], hfl[3], hmad[3], sc[10];
static int act_c[ACTIONS], act_t[ACTIONS], act_a[ACTIONS];

static inline int mod(int x, int m) { return ((x % m) + m) % m; }

static inline void hand_insert(int p, int c) {
    int j = hcnt[p];
    while (j > 0 && hands[p][j - 1] > c) {
        hands[p][j] = hands[p][j - 1];
        j--;
    }
    hands[p][j] = c;
    hcnt[p]++;
}

static inline void line_insert(int h, int j, int v, int c) {
    for (int i = hl[h]; i > j; i--) {
        val[h][i] = val[h][i - 1];
        crd[h][i] = crd[h][i - 1];
    }
    val[h][j] = v;
    crd[h][j] = c;
    hl[h]++;
}

#define ADD(C, T, A) do { act_c[k] = (C); act_t[k] = (T); act_a[k] = (A); k++; } while (0)

static int legal(int p, int h) {
    int k = 0, m = hcnt[p], L = hl[h];
    if (L == 0) {
        for (int i = 0; i < m; i++)
            if (numbered[hands[p][i]]) ADD(hands[p][i], A_START, 0);
        return k;
    }
    int lo = val[h][0], hi = val[h][L - 1], loc = crd[h][0], hic = crd[h][L - 1], mad = hmad[h];
    for (int i = 0; i < m; i++) {
        int c = hands[p][i], kc = kind[c];
        if (mad && fl[c] == 0) continue;
        if (numbered[c]) {
            if (num[c] < lo) ADD(c, A_LOW, 0);
            else if (num[c] > hi) ADD(c, A_HIGH, 0);
        } else if (kc == ACROBAT) {
            for (int j = 0; j < L; j++) {
                int t = crd[h][j];
                if (kind[t] == PLAIN && num[t] == num[c]) ADD(c, A_ACRO, j);
            }
        } else if (kc == SLOWPOKE) {
            for (int j = 0; j < L - 1; j++)
                for (int v = val[h][j] + 1; v < val[h][j + 1]; v++) ADD(c, A_SLOW, v);
        } else if (kc == CALF) {
            if (kind[loc] == PLAIN && fl[loc] == 0) ADD(c, A_CALF_LO, 0);
            if (kind[hic] == PLAIN && fl[hic] == 0) ADD(c, A_CALF_HI, 0);
        } else if (kc == MAD) {
            for (int j = 0; j < L; j++) {
                int t = crd[h][j];
                if (kind[t] == PLAIN && num[t] == 8) {
                    ADD(c, A_MAD, j);
                    break;
                }
            }
        }
    }
    ADD(-1, A_TAKE, 0);
    return k;
}

static void play_round(const int *order, int dsize, int *score) {
    for (int p = 0; p < n; p++) {
        hcnt[p] = 0;
        sc[p] = 0;
        for (int i = 0; i < HAND; i++) hand_insert(p, order[p * HAND + i]);
    }
    for (int h = 0; h < nh; h++) hl[h] = hfl[h] = hmad[h] = 0;
    int pp = n * HAND, active = 0, q = starter, arrow = 1;
    for (;;) {
        int h = active, p;
        if (hl[h] == 0) {
            p = -1;
            for (int i = 0; i < n && p < 0; i++) {
                int r = mod(q + i * arrow, n);
                for (int j = 0; j < hcnt[r]; j++)
                    if (numbered[hands[r][j]]) {
                        p = r;
                        break;
                    }
            }
            if (p < 0) break; /* nobody can start: the round ends */
        } else {
            p = q;
        }
        int k = legal(p, h);
        int idx = below(k), t = act_t[idx];
        if (t == A_TAKE) {
            sc[p] += hfl[h];
            hl[h] = hfl[h] = hmad[h] = 0;
            if (pp >= dsize) break; /* a take with an empty pile ends the round */
            if (restart_taker) {
                q = p;
                continue;
            }
            q = mod(p + arrow, n);
            if (nh == 3) active = mod(active + arrow, 3);
            continue;
        }
        int c = act_c[idx], a = act_a[idx], m = hcnt[p], j = 0;
        while (hands[p][j] != c) j++;
        for (int i = j; i < m - 1; i++) hands[p][i] = hands[p][i + 1];
        hcnt[p] = m - 1;
        int L = hl[h];
        switch (t) {
        case A_START:
        case A_HIGH: line_insert(h, L, num[c], c); break;
        case A_LOW: line_insert(h, 0, num[c], c); break;
        case A_SLOW:
            j = 0;
            while (val[h][j] < a) j++;
            line_insert(h, j, a, c);
            break;
        case A_CALF_LO: line_insert(h, 0, val[h][0] - 1, c); break;
        case A_CALF_HI: line_insert(h, L, val[h][L - 1] + 1, c); break;
        case A_MAD: {
            int eight = crd[h][a];
            crd[h][a] = c;
            hfl[h] -= fl[eight];
            hmad[h] = 1;
            hand_insert(p, eight);
            break;
        }
        default: break; /* acrobat: on top of its target, the line is unchanged */
        }
        hfl[h] += fl[c];
        int kc = kind[c], want = kc == THIN ? 0 : (kc == DAIRY ? 2 : 1), chosen = -1;
        for (int w = 0; w < want; w++)
            if (pp < dsize) hand_insert(p, order[pp++]);
        if (kc != PLAIN) {
            if (green[c]) {
                if (below(2) == 1) arrow = -arrow;
            } else {
                int pick = below(allow_self ? n : n - 1);
                chosen = (allow_self || pick < p) ? pick : pick + 1;
            }
        }
        q = chosen >= 0 ? chosen : mod(p + arrow, n);
        if (nh == 3) active = mod(active + arrow, 3);
    }
    for (int p = 0; p < n; p++) {
        int x = sc[p];
        for (int i = 0; i < hcnt[p]; i++) x += fl[hands[p][i]];
        score[p] = x;
    }
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s CARDS_FILE PLAYERS ROUNDS SEED\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    int T, D;
    if (!f || fscanf(f, "%d %d %d %d %d", &T, &starter, &nh, &restart_taker, &allow_self) != 5 || T > MAXC) {
        fprintf(stderr, "cannot read the card table %s\n", argv[1]);
        return 2;
    }
    for (int i = 0; i < T; i++)
        if (fscanf(f, "%d %d %d %d %d", &kind[i], &num[i], &fl[i], &green[i], &numbered[i]) != 5) return 2;
    if (fscanf(f, "%d", &D) != 1 || D > MAXC) return 2;
    int deck[MAXC];
    for (int i = 0; i < D; i++)
        if (fscanf(f, "%d", &deck[i]) != 1) return 2;
    fclose(f);
    n = atoi(argv[2]);
    long rounds = atol(argv[3]);
    seed((uint64_t)atoll(argv[4]));
    if (n < 2 || n > 10 || rounds < 1) return 2;
    int16_t *out = malloc(sizeof(int16_t) * (size_t)rounds * n);
    int score[10];
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (long i = 0; i < rounds; i++) {
        for (int a = 0; a < D - 1; a++) {
            int b = a + below(D - a), t = deck[a];
            deck[a] = deck[b];
            deck[b] = t;
        }
        play_round(deck, D, score);
        for (int p = 0; p < n; p++) out[i * n + p] = (int16_t)score[p];
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    printf("%ld %.6f", rounds, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    for (int p = 0; p < n; p++) {
        double m1 = 0, m2 = 0;
        for (long i = 0; i < rounds; i++) {
            double x = out[i * n + p];
            m1 += x;
            m2 += x * x;
        }
        double mean = m1 / rounds, var = (m2 / rounds - mean * mean) * rounds / (rounds > 1 ? rounds - 1 : 1);
        printf(" %.6f %.6f", mean, sqrt(var > 0 ? var / rounds : 0));
    }
    printf("\n");
    free(out);
    return 0;
}
