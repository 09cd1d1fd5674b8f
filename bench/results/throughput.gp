# fastsha256-bench: SHA-256 throughput vs message size, per backend.
# Regenerate the pictures from throughput.dat with: gnuplot throughput.gp
# (run in this folder). Written by fastsha256-bench --sweep --output DIR.
title_text = "fastsha256 0.1.0: SHA-256 throughput vs message size - AMD EPYC, core 3.69 GHz (estimated), 2026-11-30 10:54 UTC"
do for [t = 1:2] {
  if (t == 1) {
    if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
      set terminal pngcairo noenhanced size 1600,700 font "sans,10"
    } else {
      set terminal png noenhanced size 1600,700
    }
    set output "throughput.png"
  } else {
    set terminal svg noenhanced size 1600,700 dynamic font "sans,10"
    set output "throughput.svg"
  }
  set multiplot layout 1,2 title title_text
  set logscale xy
  set grid xtics ytics mytics
  set key bottom right font ",9"
  set xlabel "message size (bytes)"
  set xrange [10:24000000]
  set xtics ("14" 14, "64" 64, "256" 256, "1K" 1024, "4K" 4096, "64K" 65536, "1M" 1048576, "16M" 16777216)
  set ylabel "GB/s (1e9 bytes/s)"
  set title "throughput"
  plot \
    "throughput.dat" index 0 using 1:3 with linespoints lw 2 title "shani one-shot", \
    "throughput.dat" index 1 using 1:3 with linespoints lw 2 title "shani batch", \
    "throughput.dat" index 2 using 1:3 with linespoints lw 2 title "avx2 one-shot", \
    "throughput.dat" index 3 using 1:3 with linespoints lw 2 title "avx2 batch", \
    "throughput.dat" index 4 using 1:3 with linespoints lw 2 title "scalar one-shot", \
    "throughput.dat" index 5 using 1:3 with linespoints lw 2 title "scalar batch", \
    "throughput.dat" index 6 using 1:3 with linespoints lw 2 title "openssl SHA256_Init/Update/Final"
  set ylabel "hashes per second"
  set title "messages per second"
  set key top right font ",9"
  plot \
    "throughput.dat" index 0 using 1:2 with linespoints lw 2 title "shani one-shot", \
    "throughput.dat" index 1 using 1:2 with linespoints lw 2 title "shani batch", \
    "throughput.dat" index 2 using 1:2 with linespoints lw 2 title "avx2 one-shot", \
    "throughput.dat" index 3 using 1:2 with linespoints lw 2 title "avx2 batch", \
    "throughput.dat" index 4 using 1:2 with linespoints lw 2 title "scalar one-shot", \
    "throughput.dat" index 5 using 1:2 with linespoints lw 2 title "scalar batch", \
    "throughput.dat" index 6 using 1:2 with linespoints lw 2 title "openssl SHA256_Init/Update/Final"
  unset multiplot
  set output
}
