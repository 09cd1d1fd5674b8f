# fastsha256-bench: the seed table as bars, coloured by runtime.
# Regenerate the pictures from seed.dat with: gnuplot seed.gp (in this folder).
title_text = "fastsha256 0.2.0: SHA-256 hex strings of Hello world!!! per second, one at a time (log scale) - AMD EPYC (AuthenticAMD family 25 model 17), 2026-12-04 17:31 UTC"
ymin = 10000
set yrange [ymin:1e+09]
set xrange [-0.7:21.4]
set xtics ('bun createHash' 0.0, 'deno createHash' 1.0, 'node createHash' 2.0, 'bun WebCrypto' 3.6, 'deno WebCrypto' 4.6, 'node WebCrypto' 5.6, 'bun Bun.SHA256.hash' 7.2, 'bun crypto.hash' 8.2, 'node crypto.hash' 9.2, 'bun new Bun.CryptoHasher' 10.2, 'deno crypto.hash' 11.2, 'deno + fastsha256 sha256Packed' 12.8, 'bun + fastsha256 sha256Packed' 13.8, 'node + fastsha256 sha256Packed' 14.8, 'deno + fastsha256 (wasm) sha256Packed' 15.8, 'node + fastsha256 (wasm) sha256Many' 16.8, 'bun + fastsha256 (wasm) sha256Packed' 17.8, 'fastsha256 many_strided + to_hex_many ' 19.4, 'openssl EVP_Digest + table hex' 20.4) rotate by 35 right
set logscale y
set grid ytics mytics
set key top right font ",9"
set ylabel "hex strings per second (median)"
set bmargin 14
set title title_text
do for [t = 1:2] {
  if (t == 1) {
    if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
      set terminal pngcairo noenhanced size 1500,800 font "sans,10"
    } else {
      set terminal png noenhanced size 1500,800
    }
    set output "seed.png"
  } else {
    set terminal svg noenhanced size 1500,800 dynamic font "sans,10"
    set output "seed.svg"
  }
  plot "seed.dat" using 1:($4 == 0 ? $2 : NaN):($1-0.4):($1+0.4):(ymin):2:3 with boxxyerror lc rgb variable fs solid 0.9 border notitle, \
    "seed.dat" using 1:($4 == 1 ? $2 : NaN):($1-0.4):($1+0.4):(ymin):2:3 with boxxyerror lc rgb variable fs pattern 4 border notitle, \
    "seed.dat" using 1:($2 * 1.25):5 with labels font ",8" notitle, \
    NaN with boxes fs solid 0.9 lc rgb "#43853d" title "node", \
    NaN with boxes fs solid 0.9 lc rgb "#e0892b" title "bun", \
    NaN with boxes fs solid 0.9 lc rgb "#3b6fc4" title "deno", \
    NaN with boxes fs solid 0.9 lc rgb "#8c8c8c" title "C", \
    NaN with boxes fs pattern 4 lc rgb "black" title "fastsha256 (hatched)"
  set output
}
