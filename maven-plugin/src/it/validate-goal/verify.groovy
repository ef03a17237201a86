def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] Modelplane: 1 AKSCluster valid in 1 file under src/main/modelplane')
assert log.contains('BUILD SUCCESS')
// The output's own pins are judged too, and today's (azurerm 5.x, kubernetes 3.x) draw no advice; advice
// about them would be named in words, never as a FILE:0:0 of a file no run wrote there.
assert !log.contains('terraform.required_providers')
assert !log.contains('OUT/NAMESPACE/NAME')
assert !new File(basedir, 'infra').exists() : 'validate never writes'

return true
