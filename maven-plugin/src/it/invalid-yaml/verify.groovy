def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
// MojoFailureException: its first line says what to fix, then every diagnostic as file:line:column.
assert log.contains('Fix the AKSCluster YAML under src/main/modelplane: 1 error, 0 warnings')
assert log =~ /(?m)^\[ERROR\]   src\/main\/modelplane\/broken\.yaml:6:17: error: /
assert !log.contains('see above')
assert !(log =~ /(?m)^\s+at [a-z]+\./) : 'no stack trace'
assert !new File(basedir, 'infra').exists()

return true
