def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
// Each module refuses (--fail-at-end: both run, whichever finishes first), naming itself and the other, before anything is written.
assert log.contains('Give each module its own <outputDirectory>: ../infra of module ai.modelplane.it:westeurope is also the output directory of module ai.modelplane.it:eastus2 (modelplane:generate) in this build')
assert log.contains('Give each module its own <outputDirectory>: ../infra of module ai.modelplane.it:eastus2 is also the output directory of module ai.modelplane.it:westeurope (modelplane:generate) in this build')
assert !log.contains('is being written by another modelplane run')
assert !log.contains('see above')
assert !(log =~ /(?m)^\s+at [a-z]+\./) : 'no stack trace'
assert !new File(basedir, 'infra').exists()

return true
