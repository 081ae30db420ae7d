"""Benchmarks (not tests): `make bench` runs them and writes results to bench/results/."""
