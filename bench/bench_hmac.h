/* fastsha256-bench --hmac (bench_hmac.c): HMAC-SHA256 rows next to OpenSSL. */
#ifndef FASTSHA256_BENCH_HMAC_H
#define FASTSHA256_BENCH_HMAC_H

/* argv[0] is "--hmac"; returns the exit status. */
int bh_main(int argc, char **argv);

#endif /* FASTSHA256_BENCH_HMAC_H */
