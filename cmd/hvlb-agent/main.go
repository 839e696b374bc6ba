// Command hvlb-agent runs beside one hvlb forwarder: it registers the forwarder with the
// controller (gRPC, mutual TLS), applies the desired state the controller publishes to the
// forwarder's local API, health-checks the NFs and reports back; with --bgp-local-as, it
// announces the forwarder's VIPs to its upstream routers by BGP. See internal/agent and
// internal/bgp.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"hvlb/internal/agent"
	"hvlb/internal/agentmetrics"
	"hvlb/internal/bgp"
	"hvlb/internal/certs"
	"hvlb/internal/fwdclient"
	"hvlb/internal/logging"
)

const version = "0.1.0"

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "hvlb-agent:", err)
		os.Exit(1)
	}
}

func run() error {
	var (
		cfg                   agent.Config
		socket, cert, key, ca string
		level, metricsAddr    string
		bf                    bgpFlags
	)
	flag.StringVar(&cfg.Controller, "controller", "127.0.0.1:9443", "controller's agent service, host:port; a group's controllers comma-separated (the agent fails over between them)")
	flag.StringVar(&cfg.ID, "id", "", "forwarder id, as the controller knows it (required)")
	flag.StringVar(&socket, "fwd-socket", "/run/hvlb/fwd.sock", "the forwarder's control socket")
	flag.StringVar(&cert, "cert", "", "this forwarder's agent certificate, PEM (required: the controller is mutual TLS; hvlbctl certs init --agent ID)")
	flag.StringVar(&key, "key", "", "agent private key, PEM (required)")
	flag.StringVar(&ca, "ca", "", "CA that signed the controller's certificate, PEM (required)")
	flag.DurationVar(&cfg.ControllerTimeout, "controller-timeout", agent.DefaultControllerTimeout,
		"leave a controller that has not answered the liveness probe (sent every half of this) for this long, for the next one")
	flag.DurationVar(&cfg.ReportInterval, "report-interval", agent.DefaultReportInterval, "how often to report to the controller")
	flag.DurationVar(&cfg.ProbeInterval, "probe-interval", agent.DefaultProbeInterval,
		"how often each NF's path RTT is probed (the kind of its health check: http GET, udp, tcp connect)")
	flag.DurationVar(&cfg.ResyncInterval, "resync-interval", agent.DefaultResyncInterval,
		"how often to reconcile the forwarder with the desired state even without news")
	flag.Uint64Var(&cfg.CapacityPPS, "capacity-pps", 0, "packets per second this forwarder can carry (0: unknown)")
	flag.StringVar(&cfg.SyncAddr, "sync-addr", "",
		"address:port where the forwarder's connection sync listens, on a management interface (\"\": no sync; docs/sync.md)")
	flag.StringVar(&level, "log-level", "info", "debug, info, warn or error")
	var logFormat string
	flag.StringVar(&logFormat, "log-format", "text", "log lines as text (logfmt) or json")
	flag.StringVar(&metricsAddr, "metrics-addr", "",
		"serve the forwarder's counters for Prometheus at http://ADDR/metrics, e.g. 127.0.0.1:9465 (\"\": off)")
	bf.register(flag.CommandLine)
	flag.DurationVar(&cfg.GracefulWait, "bgp-graceful-wait", agent.DefaultGracefulWait,
		"on SIGTERM/SIGINT, how long to wait between withdrawing the VIPs and closing the BGP sessions, for the routers to move the traffic (0: none)")
	flag.DurationVar(&cfg.FwdDeadAfter, "fwd-dead-after", agent.DefaultFwdDeadAfter,
		"with BGP: withdraw the VIPs once the forwarder has not answered its local API for this long (at once when its socket refuses connections)")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	if cfg.ID == "" {
		return errors.New("--id: required")
	}
	if cert == "" || key == "" || ca == "" {
		return errors.New("--cert, --key and --ca: required (mutual TLS to the controller)")
	}

	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return fmt.Errorf("--log-level %q: %w", level, err)
	}
	logger, err := logging.New(os.Stderr, logFormat, lv)
	if err != nil {
		return err
	}
	cfg.Logger = logger.With(logging.Forwarder, cfg.ID)
	bgpCfg, err := bf.config(cfg.Logger)
	if err != nil {
		return err
	}
	if cfg.GracefulWait == 0 {
		cfg.GracefulWait = -1 // the flag's 0 is "no wait"; the agent's zero value is its default
	}
	tlsCfg, err := certs.ClientTLS(ca, cert, key)
	if err != nil {
		return err
	}
	// The controller takes this agent only for the forwarder its certificate names: say
	// so now rather than be refused at every retry (tls.LoadX509KeyPair parsed the leaf).
	if named, err := certs.AgentID(tlsCfg.Certificates[0].Leaf); err != nil {
		return fmt.Errorf("--cert %s: %w (hvlbctl certs init --agent %s)", cert, err, cfg.ID)
	} else if named != cfg.ID {
		return fmt.Errorf("--cert %s is forwarder %q's, not --id %q's", cert, named, cfg.ID)
	}
	cfg.TLS = tlsCfg
	cfg.Forwarder = fwdclient.New(socket)
	defer cfg.Forwarder.Close()
	cfg.Hostname = agent.Hostname()
	cfg.Version = version

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// A second signal during the graceful stop ends the process at once.
	context.AfterFunc(ctx, stop)
	if bgpCfg != nil {
		sp, err := bgp.Start(ctx, *bgpCfg)
		if err != nil {
			return err
		}
		cfg.Speaker = sp
		for _, st := range bgpCfg.Statics {
			cfg.Announce = append(cfg.Announce, st.Prefix)
		}
		defer sp.Stop(context.Background())
		cfg.Logger.Info("BGP speaker", "local_as", bgpCfg.LocalAS, "router_id", bgpCfg.RouterID,
			"peers", fmt.Sprint(bgpCfg.Peers), "next_hop_v4", bgpCfg.NextHop4, "next_hop_v6", bgpCfg.NextHop6,
			"hold_time", bgpCfg.HoldTime, "bfd", bfdSummary(bgpCfg))
	}
	a, err := agent.New(cfg)
	if err != nil {
		return err
	}
	if metricsAddr != "" {
		ln, err := net.Listen("tcp", metricsAddr)
		if err != nil {
			return fmt.Errorf("--metrics-addr: %w", err)
		}
		go func() {
			if err := agentmetrics.Serve(ctx, ln, agentmetrics.Handler(cfg.ID, cfg.Forwarder, cfg.Speaker, cfg.Logger)); err != nil {
				cfg.Logger.Error("metrics endpoint", "err", err)
			}
		}()
		cfg.Logger.Info("metrics", "addr", ln.Addr().String())
	}
	cfg.Logger.Info("starting", "controller", cfg.Controller, "fwd_socket", socket, "version", version)
	err = a.Run(ctx)
	cfg.Logger.Info("stopped; the forwarder keeps its configuration")
	return err
}
