// Command hvlb-nfsim is the lab's network-function emulator: an HTTP responder, a bulk TCP
// port and a UDP request/response port with run-time knobs for capacity, reply delay and
// CPU load, and a Prometheus /metrics endpoint. See internal/nfsim.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"hvlb/internal/nfsim"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "hvlb-nfsim:", err)
		os.Exit(1)
	}
}

func run() error {
	host, _ := os.Hostname()
	var (
		cfg                      nfsim.Config
		httpA, tcpA, udpA, level string
	)
	flag.StringVar(&cfg.Name, "name", host, "NF name, returned in every reply")
	flag.StringVar(&httpA, "http", ":80", "HTTP listen addresses, comma-separated (empty: off)")
	flag.StringVar(&tcpA, "tcp", ":5001", "bulk TCP listen addresses, comma-separated (empty: off)")
	flag.StringVar(&udpA, "udp", ":9000", "UDP listen addresses, comma-separated (empty: off)")
	flag.StringVar(&cfg.AdminAddr, "admin", ":9100", "admin address: /metrics, /knobs, /healthz (empty: off)")
	flag.IntVar(&cfg.Cores, "cores", 1, "cores the NF runs on (GOMAXPROCS); utilisation and CPU load are per core")
	flag.DurationVar(&cfg.CPUWindow, "cpu-window", 0, "window of hvlb_nf_cpu_utilization (default 2s)")
	flag.Float64Var(&cfg.Settings.WorkUS, "work-us", 0, "CPU work per request, µs of an idle core")
	flag.Float64Var(&cfg.Settings.MaxRPS, "max-rps", 0, "requests per second cap (0: none)")
	flag.Float64Var(&cfg.Settings.DelayMS, "delay-ms", 0, "extra delay on every reply, ms (emulated path delay)")
	flag.Float64Var(&cfg.Settings.CPULoadPct, "cpu-load", 0, "background load, percent of each core kept busy")
	flag.Float64Var(&cfg.CapacityMbps, "capacity-mbps", 0, "bulk TCP processing capacity, Mbps, shared by the NF's bulk connections and reduced by the CPU load (x (1 - load)); 0: unlimited")
	flag.StringVar(&cfg.CPULoadMode, "cpu-load-mode", nfsim.CPULoadSpin, "spin (the CPU load is burnt by spinners) or virtual (accounted in the utilisation, not burnt)")
	flag.StringVar(&level, "log-level", "info", "debug, info, warn or error")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}

	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return fmt.Errorf("-log-level %q: %w", level, err)
	}
	cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lv}))
	cfg.HTTPAddrs, cfg.TCPAddrs, cfg.UDPAddrs = splitList(httpA), splitList(tcpA), splitList(udpA)
	if cfg.Cores < 1 {
		return fmt.Errorf("-cores %d: must be at least 1", cfg.Cores)
	}
	runtime.GOMAXPROCS(cfg.Cores)
	nfsim.Calibrate()

	srv, err := nfsim.New(cfg)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return srv.Run(ctx)
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
