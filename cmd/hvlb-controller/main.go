// Command hvlb-controller is hvlb's control plane: desired state in a bbolt file (or, for a
// highly available group of controllers, in etcd), the REST
// API for operators and the NFV manager (TLS, bearer tokens), and the gRPC service for
// agents (mutual TLS). See docs/api.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"hvlb/internal/controller"
	"hvlb/internal/ctlapp"
	"hvlb/internal/leader"
	"hvlb/internal/logging"
	"hvlb/internal/reportshare"
	"hvlb/internal/store"
)

func main() {
	if len(os.Args) > 1 && (os.Args[1] == "export" || os.Args[1] == "import") {
		if err := migrate(os.Args[1], os.Args[2:]); err != nil {
			fmt.Fprintf(os.Stderr, "hvlb-controller %s: %v\n", os.Args[1], err)
			os.Exit(1)
		}
		return
	}
	var cfg ctlapp.Config
	var debug bool
	flag.StringVar(&cfg.Listen, "listen", ":8443", "REST API address (HTTPS)")
	flag.StringVar(&cfg.GRPCListen, "grpc-listen", ":9443", "agent gRPC address (mutual TLS)")
	flag.StringVar(&cfg.DB, "db", "/var/lib/hvlb/controller.db", "desired-state store (bbolt file), unless --etcd")
	flag.StringVar(&cfg.Etcd.Endpoints, "etcd", "", "a group of controllers: the etcd cluster's endpoints, comma-separated (instead of --db)")
	flag.StringVar(&cfg.Etcd.CertFile, "etcd-cert", "", "TLS client certificate for etcd (PEM)")
	flag.StringVar(&cfg.Etcd.KeyFile, "etcd-key", "", "TLS client key for etcd (PEM)")
	flag.StringVar(&cfg.Etcd.CAFile, "etcd-ca", "", "CA of etcd's server certificates (PEM)")
	flag.StringVar(&cfg.Etcd.Prefix, "etcd-prefix", store.DefaultEtcdPrefix, "where the group keeps its records in etcd")
	flag.StringVar(&cfg.Etcd.Name, "name", "", "this controller's name in its group, shown as the leader (default: hostname:port of --listen; give its REST URL)")
	flag.DurationVar(&cfg.Etcd.LeaderTTL, "leader-ttl", leader.DefaultTTL, "the leader's etcd lease, and the shared reports': a dead leader is replaced, and a dead controller's agents are failed, within about this long (whole seconds, at least 2s)")
	flag.DurationVar(&cfg.Etcd.ShareInterval, "share-interval", reportshare.DefaultInterval, "in a group: the least time between two etcd writes of one forwarder's shared report")
	flag.StringVar(&cfg.TokensFile, "tokens-file", "", "bearer tokens, one per line (SIGHUP rereads it)")
	flag.StringVar(&cfg.TLSCert, "tls-cert", "", "REST server certificate (PEM)")
	flag.StringVar(&cfg.TLSKey, "tls-key", "", "REST server key (PEM)")
	flag.StringVar(&cfg.GRPCCert, "grpc-cert", "", "gRPC server certificate (default: --tls-cert)")
	flag.StringVar(&cfg.GRPCKey, "grpc-key", "", "gRPC server key (default: --tls-key)")
	flag.StringVar(&cfg.ClientCA, "client-ca", "", "CA that signs agents' client certificates")
	flag.StringVar(&cfg.Webhook, "nfvm-webhook", "", "NFV manager URL to POST to when no forwarder has room (lb-requests, the pool)")
	flag.IntVar(&cfg.SyncReplicas, "sync-replicas", 0, "k-way replication of the pool's connections: the backups each has besides the forwarder that carries it (1 or 2); 0: every forwarder holds every connection (docs/sync.md)")
	flag.DurationVar(&cfg.ReportTimeout, "report-timeout", controller.DefaultReportTimeout,
		"a forwarder with no report for this long is failed (3 agent report intervals; the agent's default is 2s)")
	flag.DurationVar(&cfg.PolicyInterval, "policy-interval", controller.DefaultPolicyInterval,
		"how often the comprehensive policy recomputes each service's weights")
	flag.DurationVar(&cfg.ScrapeInterval, "nf-scrape-interval", 2*time.Second,
		"how often the reals' metrics_url endpoints are scraped for their CPU utilisation")
	flag.DurationVar(&cfg.ScrapeTimeout, "nf-scrape-timeout", time.Second, "time limit of one scrape")
	flag.Float64Var(&cfg.Pool.Overload, "pool-overload", controller.DefaultPoolOverload,
		"a forwarder at or above this utilisation (packet rate over --capacity-pps, or its workers' busy share) is overloaded; negative: no pool automation")
	flag.Float64Var(&cfg.Pool.Resume, "pool-resume", controller.DefaultPoolResume,
		"a forwarder the pool drained comes back when its share of the traffic fits under this utilisation")
	flag.DurationVar(&cfg.Pool.For, "pool-overload-for", controller.DefaultPoolFor,
		"how long an overload lasts before the pool drains the forwarder or asks the NFV manager for another")
	flag.DurationVar(&cfg.Pool.Hold, "pool-drain-hold", controller.DefaultPoolHold,
		"the least time a forwarder the pool drained stays out (doubling with each drain within an hour, up to 16 times)")
	flag.IntVar(&cfg.Pool.MinReady, "pool-min-ready", 0, "ask the NFV manager for a forwarder while fewer are ready (0: no floor)")
	flag.DurationVar(&cfg.Pool.AskEvery, "pool-ask-every", controller.DefaultPoolAskEvery,
		"at most one request for a forwarder to the NFV manager per this")
	flag.BoolVar(&cfg.InsecureDev, "insecure-dev", false, "DEVELOPMENT ONLY: allow serving without TLS, mTLS or tokens")
	flag.BoolVar(&debug, "debug", false, "log every request")
	logFormat := flag.String("log-format", "text", "log lines as text (logfmt) or json")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "hvlb-controller: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	if cfg.SyncReplicas < 0 || cfg.SyncReplicas > 2 {
		fmt.Fprintf(os.Stderr, "hvlb-controller: --sync-replicas: %d, must be 0 (all-to-all), 1 or 2\n", cfg.SyncReplicas)
		os.Exit(2)
	}

	level := slog.LevelInfo
	if debug {
		level = slog.LevelDebug
	}
	log, err := logging.New(os.Stderr, *logFormat, level, "controller")
	if err != nil {
		fmt.Fprintf(os.Stderr, "hvlb-controller: %v\n", err)
		os.Exit(2)
	}
	cfg.Log = log
	slog.SetDefault(log) // a line logged without a logger of its own is in the same form

	app, err := ctlapp.New(cfg)
	if err != nil {
		log.Error("hvlb-controller: cannot start", logging.Err, err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		for range hup {
			if err := app.ReloadTokens(); err != nil {
				log.Error("tokens reload", logging.Err, err)
			} else {
				log.Info("tokens reloaded")
			}
		}
	}()
	if err := app.Run(ctx); err != nil {
		log.Error("hvlb-controller", logging.Err, err)
		os.Exit(1)
	}
}
