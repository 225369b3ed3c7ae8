# Likeness in Godot 4: downloads a Completed GLB export and adds it to the scene, then opens the jaw
# and plays a body's walk. Not run here: this machine runs no Godot (docs/engines.md).
#
# Make the avatar and its export with the CLI or likeness/client, or from the game in client access
# with a token from your backend (never put the client secret in a game build).
extends Node3D

@export var export_file_url := ""   # files[0].file of a Completed export with format "glb"
@export var access_token := ""      # from your backend
@export var player_uid := ""        # client access: the player the avatar belongs to

func _ready() -> void:
	var zip_bytes := await _download(export_file_url)
	# Each export file is a zip; the avatar's holds model.glb.
	var path := "user://avatar.zip"
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_buffer(zip_bytes)
	file.close()
	var zip := ZIPReader.new()
	zip.open(path)
	var glb := zip.read_file("model.glb")
	zip.close()

	var document := GLTFDocument.new()
	var state := GLTFState.new()
	if document.append_from_buffer(glb, "", state) != OK:
		push_error("could not read the GLB")
		return
	var avatar := document.generate_scene(state)
	add_child(avatar)

	# Blendshapes by their ARKit names (mobile_51), 0..1.
	for mesh in avatar.find_children("*", "MeshInstance3D"):
		var index: int = mesh.find_blend_shape_by_name("jawOpen")
		if index >= 0:
			mesh.set_blend_shape_value(index, 0.4)
	# Bodies: the walk and idle clips.
	var players := avatar.find_children("*", "AnimationPlayer")
	if players.size() > 0:
		var player: AnimationPlayer = players[0]
		for clip in player.get_animation_list():
			if clip.ends_with("Walk"):
				player.play(clip)

func _download(url: String) -> PackedByteArray:
	var http := HTTPRequest.new()
	add_child(http)
	var headers := ["Authorization: Bearer %s" % access_token]
	if player_uid != "":
		headers.append("X-PlayerUID: %s" % player_uid)
	http.request(url, headers)
	var result: Array = await http.request_completed
	http.queue_free()
	if result[1] != 200:
		push_error("download failed: %d" % result[1])
	return result[3]
