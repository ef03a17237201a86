package ai.modelplane.drift.bench;

import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import ai.modelplane.drift.ArmStub;
import ai.modelplane.drift.TestTls;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Not a test: keeps the ARM stand-in up for timing {@code modelplane import} from the shell
 * (bench/import-cold.sh). {@code ImportBenchmark CLUSTERS} serves CLUSTERS copies of the seed
 * cluster (with its VNet), each in a resource group of its own whose names follow no Naming rule,
 * by ARM GET and as one Resource Graph answer; it prints its URL, the first cluster's resource
 * group and name, and the trust store, and runs until standard input closes.
 */
public final class ImportBenchmark {
  private ImportBenchmark() {}

  public static void main(String[] args) throws Exception {
    int clusters = Integer.parseInt(args[0]);
    try (ArmStub stub = new ArmStub(0)) {
      ObjectNode graph = new ObjectMapper().createObjectNode();
      ArrayNode rows = graph.putArray("data");
      for (int i = 0; i < clusters; i++) {
        String group = String.format("Adopt-RG-%02d", i);
        String name = String.format("adopt%02d", i);
        String vnetPath = ArmStub.vnetPath(group, "vnet-live");
        ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
        cluster
            .put("id", ArmStub.clusterPath(group, name))
            .put("name", name)
            .put("type", "microsoft.containerservice/managedclusters");
        ObjectNode properties = (ObjectNode) cluster.get("properties");
        properties
            .put("dnsPrefix", name + "-dns")
            .put("nodeResourceGroup", "MC_" + group + "_" + name + "_westeurope");
        for (JsonNode pool : properties.get("agentPoolProfiles")) {
          ((ObjectNode) pool).put("vnetSubnetID", vnetPath + "/subnets/snet-live");
        }
        ObjectNode vnet = ArmStub.fixture("inference-vnet.json");
        vnet.put("id", vnetPath).put("name", "vnet-live");
        ((ObjectNode) vnet.get("properties").get("subnets").get(0))
            .put("id", vnetPath + "/subnets/snet-live")
            .put("name", "snet-live");
        stub.getReturns(ArmStub.clusterPath(group, name), 200, ArmStub.text(cluster));
        stub.getReturns(vnetPath, 200, ArmStub.text(vnet));
        rows.add(cluster);
        rows.add(vnet);
      }
      graph
          .put("count", rows.size())
          .put("totalRecords", rows.size())
          .put("resultTruncated", "false");
      stub.stub(
          post(urlPathEqualTo(ArmStub.GRAPH_PATH))
              .willReturn(ArmStub.json(200, ArmStub.text(graph))));
      System.out.println(stub.baseUrl() + " Adopt-RG-00 adopt00 " + TestTls.TRUST_STORE);
      System.in.read();
    }
  }
}
