# Speed-up over GNU sha256sum per workload, from bench/cli-bench.sh's data
# (CLI_BENCH_DAT=bench/results/cli.dat):  gnuplot bench/results/cli.gp
set terminal pngcairo size 900,480 font ",10"
set output 'bench/results/cli.png'
set title "Command line, 2-core Intel Xeon (SHA-NI), shared load: speed-up over GNU sha256sum (median of 5)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set ylabel "times faster than GNU sha256sum"
set yrange [0:*]
set grid ytics
set key top right
set xtics ("(a) 1 x 1 GiB" 0, "(b) 4 x 256 MiB" 1, "(c) 100,000 x 1 KiB" 2, "(d) 10,000 x 0-64 KiB" 3)
# columns: workload gnu fast fast_j1 old openssl xargs_p2
plot 'bench/results/cli.dat' using ($2/$3) title 'fastsha256sum (2 jobs)', \
     '' using ($2/$4) title 'fastsha256sum -j 1', \
     '' using ($2/$5) title 'fastsha256sum before (35e2d02)', \
     '' using ($2/$6) title 'openssl dgst -sha256 -r', \
     '' using ($2/$7) title 'GNU sha256sum, xargs -P 2'
