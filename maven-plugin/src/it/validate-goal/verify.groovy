def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] Modelplane: 1 AKSCluster valid in 1 file under src/main/modelplane')
assert log.contains('BUILD SUCCESS')
// The output's own pins are judged too: azurerm 5.0.0 shipped on 2026-07-27, after the pinned 4.x.
// Named in words: no FILE:0:0 of a file no run wrote there.
assert log.contains("[WARNING] generated Terraform, every cluster's terraform/terraform.tf: warning: terraform.required_providers.azurerm.version: ")
assert !log.contains('OUT/NAMESPACE/NAME')
assert !new File(basedir, 'infra').exists() : 'validate never writes'

return true
