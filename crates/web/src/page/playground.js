// The playground's script.
