// Command hvlb-loadgen opens N concurrent TCP flows (HTTP over keep-alive, or bulk streams
// to hvlb-nfsim's bulk port) or sends UDP at a set rate for a set time, and reports per
// flow and in total the throughput, RTT percentiles, errors and which NF answered.
// See internal/loadgen.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"hvlb/internal/loadgen"
)

func main() {
	code, err := run()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hvlb-loadgen:", err)
	}
	os.Exit(code)
}

func run() (int, error) {
	var (
		cfg    loadgen.Config
		mode   string
		asJSON bool
	)
	flag.StringVar(&mode, "mode", "http", "traffic: http (GETs over keep-alive), tcp (bulk stream), udp")
	flag.StringVar(&cfg.Target, "target", "", "host:port of the service (required)")
	flag.IntVar(&cfg.Flows, "flows", 4, "concurrent flows (connections or UDP sockets)")
	flag.DurationVar(&cfg.Duration, "duration", 5e9, "how long to send")
	flag.StringVar(&cfg.Path, "path", "/", "http: request path; /bytes?n=N downloads N bytes")
	flag.BoolVar(&cfg.Upload, "upload", false, "tcp: send to the NF instead of receiving from it")
	flag.DurationVar(&cfg.Warmup, "warmup", 0, "tcp: traffic in this first part of the duration is not counted (rates are over the rest)")
	flag.Int64Var(&cfg.TransferBytes, "transfer-bytes", 0, "tcp: each flow is a loop of back-to-back transfers of this many bytes, a new connection each (0: one stream per flow)")
	flag.BoolVar(&cfg.NewConn, "new-conn", false, "http: a new connection for every request (short connections)")
	flag.Float64Var(&cfg.Rate, "rate", 0, "total requests or datagrams per second (0: closed loop)")
	flag.IntVar(&cfg.Size, "size", 64, "udp: payload bytes (>= 16)")
	flag.DurationVar(&cfg.Timeout, "timeout", 2e9, "connect and per-request timeout")
	flag.StringVar(&cfg.Bind, "bind", "", "local IP address to send from")
	flag.BoolVar(&asJSON, "json", false, "print the report as JSON")
	flag.Parse()
	if flag.NArg() > 0 {
		return 1, fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	cfg.Mode = loadgen.Mode(mode)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := loadgen.Run(ctx, cfg)
	if err != nil {
		return 1, err
	}
	if asJSON {
		err = rep.WriteJSON(os.Stdout)
	} else {
		err = rep.WriteTable(os.Stdout)
	}
	if err != nil {
		return 1, err
	}
	if rep.Total.Requests == 0 && rep.Total.Bytes == 0 {
		return 3, fmt.Errorf("no reply from %s in %v", cfg.Target, cfg.Duration)
	}
	return 0, nil
}
