<#ftl output_format="HCL">
location = "${cluster.spec().location()}"
