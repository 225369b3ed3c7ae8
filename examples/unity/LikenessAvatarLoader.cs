// Likeness in Unity: makes an avatar from a photo, exports it as GLB, downloads and shows it.
// Needs glTFast (com.unity.cloud.gltfast). Not compiled here: this machine runs no Unity (docs/engines.md).
//
// A game build must never hold the client secret: ask your own backend for an access token (it calls
// POST /o/token/ with the credentials) and for the player's code (POST /players/, once per install).
using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Threading.Tasks;
using GLTFast;
using UnityEngine;
using UnityEngine.Networking;

public class LikenessAvatarLoader : MonoBehaviour
{
    public string baseUrl = "http://127.0.0.1:8080";
    public string accessToken;   // from your backend
    public string playerUid;     // client access: the avatar belongs to this player
    public Texture2D photo;      // readable, uncompressed (Import Settings: Read/Write on)

    [Serializable] class Avatar { public string code; public string status; public int progress; public string failure_reason; }
    [Serializable] class ExportFile { public string identity; public string file; }
    [Serializable] class Export { public string code; public string status; public int progress; public string failure_reason; public ExportFile[] files; }

    async void Start()
    {
        var form = new List<IMultipartFormSection>
        {
            new MultipartFormDataSection("pipeline", "head_1.2"),
            new MultipartFormDataSection("pipeline_subtype", "base/mobile"),
            new MultipartFormDataSection("name", "player avatar"),
            new MultipartFormFileSection("photo", photo.EncodeToJPG(95), "photo.jpg", "image/jpeg"),
        };
        var avatar = JsonUtility.FromJson<Avatar>(await Send(UnityWebRequest.Post($"{baseUrl}/avatars/", form)));
        avatar = await Wait<Avatar>($"{baseUrl}/avatars/{avatar.code}/", a => a.status, a => a.progress, a => a.failure_reason);

        // GLB with its textures inside and the 51 ARKit blendshapes, for face tracking.
        var parameters = "{\"parameters\": {\"format\": \"glb\", \"embed_textures\": true, \"blendshapes\": {\"list\": [\"mobile_51\"]}}}";
        var post = new UnityWebRequest($"{baseUrl}/avatars/{avatar.code}/exports/", "POST")
        {
            uploadHandler = new UploadHandlerRaw(System.Text.Encoding.UTF8.GetBytes(parameters)),
            downloadHandler = new DownloadHandlerBuffer(),
        };
        post.SetRequestHeader("Content-Type", "application/json");
        var export = JsonUtility.FromJson<Export>(await Send(post));
        export = await Wait<Export>($"{baseUrl}/avatars/{avatar.code}/exports/{export.code}/", e => e.status, e => e.progress, e => e.failure_reason);

        // Each export file is a zip; the avatar's holds model.glb.
        var zip = await Download(export.files[0].file);
        using var archive = new ZipArchive(new MemoryStream(zip));
        var entry = archive.GetEntry("model.glb");
        using var glb = new MemoryStream();
        entry.Open().CopyTo(glb);

        var gltf = new GltfImport();
        if (!await gltf.LoadGltfBinary(glb.ToArray(), new Uri(export.files[0].file))) throw new Exception("glTFast could not read the GLB");
        await gltf.InstantiateMainSceneAsync(transform);

        // Blendshapes by their ARKit names, 0..100.
        var face = GetComponentInChildren<SkinnedMeshRenderer>();
        face.SetBlendShapeWeight(face.sharedMesh.GetBlendShapeIndex("jawOpen"), 40);
    }

    async Task<T> Wait<T>(string url, Func<T, string> status, Func<T, int> progress, Func<T, string> reason)
    {
        for (var delay = 500; ; delay = Math.Min(5000, delay * 3 / 2))
        {
            var obj = JsonUtility.FromJson<T>(await Send(UnityWebRequest.Get(url)));
            Debug.Log($"{status(obj)} {progress(obj)}%");
            if (status(obj) == "Completed") return obj;
            if (status(obj) == "Failed" || status(obj) == "Timed Out") throw new Exception(reason(obj));
            await Task.Delay(delay);
        }
    }

    async Task<byte[]> Download(string url)
    {
        var request = UnityWebRequest.Get(url);
        await Send(request);
        return request.downloadHandler.data;
    }

    async Task<string> Send(UnityWebRequest request)
    {
        request.SetRequestHeader("Authorization", $"Bearer {accessToken}");
        if (!string.IsNullOrEmpty(playerUid)) request.SetRequestHeader("X-PlayerUID", playerUid);
        var operation = request.SendWebRequest();
        while (!operation.isDone) await Task.Yield();
        // 429: wait as Retry-After says, then ask again.
        if (request.responseCode == 429 && int.TryParse(request.GetResponseHeader("Retry-After"), out var seconds))
        {
            await Task.Delay(seconds * 1000);
            return await Send(Clone(request));
        }
        if (request.result != UnityWebRequest.Result.Success) throw new Exception($"{request.responseCode}: {request.downloadHandler.text}");
        return request.downloadHandler.text;
    }

    static UnityWebRequest Clone(UnityWebRequest r) =>
        new UnityWebRequest(r.url, r.method, new DownloadHandlerBuffer(), r.uploadHandler == null ? null : new UploadHandlerRaw(r.uploadHandler.data));
}
