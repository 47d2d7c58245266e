// The start of the README's walkthrough through the Go client openapi-generator makes from
// openapi.yaml with its default options, against a live server: a tree created by PUT, a
// child added, the events read back as a typed EventPage, the timeline and the hierarchy as
// text, the tree deleted. Usage: walkthrough BASE_URL
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"

	openapi "containment/client"
)

func check(step string, response *http.Response, err error, status int) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", step, err)
		os.Exit(1)
	}
	if response.StatusCode != status {
		fmt.Fprintf(os.Stderr, "%s: status %d, expected %d\n", step, response.StatusCode, status)
		os.Exit(1)
	}
}

func main() {
	configuration := openapi.NewConfiguration()
	configuration.Servers = openapi.ServerConfigurations{{URL: os.Args[1]}}
	client := openapi.NewAPIClient(configuration)
	ctx := context.Background()
	tree := "go-walkthrough"

	spec := openapi.NewCreateTree()
	spec.SetClock(openapi.CLOCK_MANUAL)
	root := openapi.NewControllerSpec("root")
	spec.SetRoot(*root)
	created, response, err := client.TreesAPI.CreateTreeWithId(ctx, tree).CreateTree(*spec).Execute()
	check("PUT the tree", response, err, 201)
	fmt.Printf("== PUT /v1/trees/%s: %d events\n", tree, len(created.GetEvents()))

	_, response, err = client.ControllersAPI.CreateController(ctx, tree).ControllerSpec(*openapi.NewControllerSpec("map")).Execute()
	check("create map", response, err, 201)
	added, response, err := client.ContainmentAPI.AddChild(ctx, tree, "root").AddChild(*openapi.NewAddChild("map")).Execute()
	check("add map", response, err, 200)
	fmt.Printf("== add map: %d events\n", len(added.GetEvents()))

	var page *openapi.EventPage
	page, response, err = client.EventsAPI.ListEvents(ctx, tree).After(0).Execute()
	check("list events", response, err, 200)
	if len(page.GetEvents()) != len(created.GetEvents())+len(added.GetEvents()) || page.GetLastSeq() != page.GetEvents()[len(page.GetEvents())-1].GetSeq() {
		fmt.Fprintf(os.Stderr, "list events: %d events, lastSeq %d\n", len(page.GetEvents()), page.GetLastSeq())
		os.Exit(1)
	}
	fmt.Printf("== the events as a typed EventPage: %d, lastSeq %d\n", len(page.GetEvents()), page.GetLastSeq())

	drawing, response, err := client.EventsAPI.DrawEvents(ctx, tree).Format(openapi.TIMELINEFORMAT_TEXT).Execute()
	check("timeline", response, err, 200)
	hierarchy, response, err := client.TreesAPI.PrintHierarchy(ctx, tree).Execute()
	check("hierarchy", response, err, 200)
	if !strings.HasPrefix(drawing, "seq  batch") || !strings.Contains(hierarchy, "<UIViewController map>") {
		fmt.Fprintf(os.Stderr, "text forms: %q %q\n", drawing, hierarchy)
		os.Exit(1)
	}
	fmt.Print("== the hierarchy as text\n", hierarchy)

	_, response, err = client.TreesAPI.DeleteTree(ctx, tree).Execute()
	check("delete", response, err, 200)
	fmt.Println("== done")
}
